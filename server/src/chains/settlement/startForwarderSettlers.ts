import { createEvmGasWallet, hasContractCode } from '@cairn/chain-evm';
import { getChain } from '@cairn/contract';
import { forwarderSalt } from '@cairn/evm-contracts';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import type { EvmChainFacts } from './evmChainFacts.js';
import { evmSettlementWallet } from './evmSettlementWallet.js';
import { ForwarderSettler, type ForwarderSettlerStatus } from './ForwarderSettler.js';
import { relayGaslessSettlements } from './relayGaslessSettlements.js';
import { tronSettlerFor } from './tronSettlerFor.js';

/** The EVM and TRON settlers of one gateway instance. */
export interface ForwarderSettlers {
  readonly settlers: readonly ForwarderSettler[];
  statuses(): ForwarderSettlerStatus[];
  stop(): Promise<void>;
}

/** Between rounds of a settler (onboarding, sweep receipts, new sweeps). */
const ROUND_MS = 2_000;

function warnNoGasWallet(gateway: Gateway, chainId: string): void {
  gateway.log.warn(
    { chainId },
    `no gas wallet for ${chainId} (CAIRN_CHAIN_${chainId}_GAS_WALLET_KEY): merchant wallets cannot be onboarded nor paid forwarders swept`,
  );
}

/**
 * Starts a settler for every enabled, watched EVM or TRON chain (docs/operating/evm.md): with the chain's gas
 * wallet (`CAIRN_CHAIN_<ID>_GAS_WALLET_KEY`) it deploys merchants' forwarder factories and sweeps
 * paid forwarders; without one it only marks wallets whose factory someone else deployed as active.
 * One instance per chain acts (advisory lock). A failing round is logged and retried; it never
 * touches a payment's status.
 */
export function startForwarderSettlers(
  gateway: Gateway,
  options: {
    databaseUrl: string;
    facts: EvmChainFacts;
    autoStart?: boolean;
    /**
     * Chains not to settle (the start-up checks found their node on another network): no settler is
     * started for them, and a running one stops acting once its chain is found so. The gas wallet
     * must never spend on a network the operator did not mean.
     */
    skip?: (chainId: string) => boolean;
  },
): ForwarderSettlers {
  const settlers: ForwarderSettler[] = [];
  for (const settings of Object.values(gateway.config.chains)) {
    const chain = getChain(settings.chainId);
    if (!chain || !settings.enabled || !settings.backend || !gateway.chains.isUsable(chain.id)) continue;
    if (options.skip?.(chain.id)) {
      gateway.log.warn({ chainId: chain.id }, `${chain.id} is not settled: its node serves another network`);
      continue;
    }
    if (chain.family === 'tron' && settings.deployer) {
      if (!settings.gasWalletKey) warnNoGasWallet(gateway, chain.id);
      settlers.push(
        tronSettlerFor(
          gateway,
          chain,
          { ...settings, backend: settings.backend, deployer: settings.deployer },
          options.databaseUrl,
        ),
      );
      continue;
    }
    if (chain.family !== 'evm') continue;
    const evmChainId = options.facts.evmChainId(chain.id);
    const backendUrl = settings.backend.url;
    const backendHeaders = settings.backend.headers;
    const gasWallet = settings.gasWalletKey
      ? createEvmGasWallet({
          chainId: chain.id,
          evmChainId,
          url: settings.backend.url,
          privateKey: settings.gasWalletKey,
          ...(settings.backend.headers ? { headers: settings.backend.headers } : {}),
        })
      : undefined;
    if (!gasWallet) warnNoGasWallet(gateway, chain.id);
    settlers.push(
      new ForwarderSettler({
        gateway,
        chain,
        ...(gasWallet
          ? {
              gasWallet: evmSettlementWallet(gasWallet),
              relay: async () => {
                await relayGaslessSettlements(gateway, chain, gasWallet);
              },
            }
          : {}),
        hasCode: (address) =>
          hasContractCode(chain.id, backendUrl, address as `0x${string}`, undefined, backendHeaders),
        salt: (paymentId) => forwarderSalt(evmChainId, paymentId),
        tokenContract: (symbol) => options.facts.tokenContract(chain.id, symbol),
        databaseUrl: options.databaseUrl,
      }),
    );
  }
  let stopped = false;
  const loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  if (options.autoStart ?? true) {
    for (const settler of settlers) {
      loops.push(
        (async () => {
          let skipped = false;
          while (!stopped) {
            try {
              const skip = options.skip?.(settler.chainId) ?? false;
              if (skip && !skipped)
                gateway.log.warn(
                  { chainId: settler.chainId },
                  `${settler.chainId} settlement paused: its node serves another network`,
                );
              skipped = skip;
              if (!skip) await settler.settleOnce();
            } catch (error) {
              gateway.log.warn({ chainId: settler.chainId, err: error }, 'settlement round failed; retrying');
            }
            if (stopped) break;
            await new Promise<void>((resolve) => {
              const wake = () => {
                clearTimeout(timer);
                wakers.delete(wake);
                resolve();
              };
              const timer = setTimeout(wake, ROUND_MS);
              wakers.add(wake);
            });
          }
        })(),
      );
    }
  }
  return {
    settlers,
    statuses: () => settlers.map((s) => s.status()),
    async stop() {
      stopped = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops);
      await Promise.all(settlers.map((s) => s.stop()));
    },
  };
}
