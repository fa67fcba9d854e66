import type { Gateway } from '../../domain/gateway/Gateway.js';
import { checkChainFacts } from './checkChainFacts.js';
import type { ChainCheck } from './judgeChainFacts.js';

/** The start-up checks of one gateway instance. */
export interface ChainChecks {
  /** The latest check of every checked chain. */
  checks(): ChainCheck[];
  /** Whether the node of `chainId` serves another network (the chain is not watched). */
  wrongNetwork(chainId: string): boolean;
  /** Checks again every chain still `unchecked` (the timer does; tests call it). */
  recheck(): Promise<void>;
  stop(): void;
}

/** Between two checks of a chain whose node could not be asked. */
export const RECHECK_MS = 5_000;

/**
 * The start-up checks of token facts (docs/operating/chains.md): for every enabled chain given a node
 * whose family can read them (EVM, TRON), reads the network and each registry token, and applies the
 * verdict to the offers (`gateway.chainAvailability`), each with a log line:
 *
 * - another network: the chain is disabled for the life of the process (error), and
 *   `onWrongNetwork` stops its watcher when it was found after the watchers started;
 * - a token without code or with other decimals: that token is disabled (error);
 * - a token whose symbol differs only: a warning, the token stays;
 * - a node that cannot be asked: the chain is not offered until a check passes, tried again every
 *   {@link RECHECK_MS} (nothing is disabled for good on an unreachable node).
 */
export async function startChainChecks(
  gateway: Gateway,
  options: { onWrongNetwork?: (chainId: string) => void; recheckMs?: number } = {},
): Promise<ChainChecks> {
  const { log, chainAvailability: availability } = gateway;
  const latest = new Map<string, ChainCheck>();
  let timer: ReturnType<typeof setInterval> | undefined;

  const apply = (check: ChainCheck) => {
    const { chainId } = check;
    const previous = latest.get(chainId);
    latest.set(chainId, check);
    if (check.state === 'unchecked') {
      availability.disableChain(chainId, 'its node has not been checked yet', check.detail);
      if (previous?.state !== 'unchecked')
        log.warn(
          { chainId, reason: check.detail },
          `${chainId}: cannot check the node's network and tokens yet (${check.detail}); not offered until a check passes, retried every ${Math.round((options.recheckMs ?? RECHECK_MS) / 1000)} s`,
        );
      return;
    }
    if (check.state === 'wrong network') {
      availability.disableChain(chainId, 'its node serves another network', check.detail);
      log.error({ chainId, reason: check.detail }, `${chainId} disabled: ${check.detail}`);
      options.onWrongNetwork?.(chainId);
      return;
    }
    availability.enableChain(chainId);
    for (const token of check.tokens) {
      if (token.state === 'disabled') {
        availability.disableCoin(
          chainId,
          token.symbol,
          `${token.symbol} failed the start-up checks`,
          token.detail,
        );
        log.error(
          { chainId, coin: token.symbol, contract: token.contract, reason: token.detail },
          `${chainId}:${token.symbol} disabled: ${token.detail}`,
        );
      } else if (token.state === 'symbol differs') {
        log.warn(
          { chainId, coin: token.symbol, contract: token.contract, reason: token.detail },
          `${chainId}:${token.symbol}: ${token.detail}; still offered (decimals match)`,
        );
      }
    }
    if (previous?.state === 'unchecked')
      log.info({ chainId }, `${chainId}: the node's network and tokens checked`);
  };

  const run = async (chainIds: readonly string[]) => {
    const checks = await Promise.all(chainIds.map((id) => checkChainFacts(gateway, id)));
    for (const check of checks) if (check) apply(check);
  };
  const recheck = async () => {
    await run([...latest.values()].filter((c) => c.state === 'unchecked').map((c) => c.chainId));
  };

  await run(
    Object.values(gateway.config.chains)
      .filter((s) => s.enabled && s.backend)
      .map((s) => s.chainId),
  );
  if ([...latest.values()].some((c) => c.state === 'unchecked')) {
    timer = setInterval(() => {
      void recheck().then(() => {
        if (![...latest.values()].some((c) => c.state === 'unchecked') && timer) clearInterval(timer);
      });
    }, options.recheckMs ?? RECHECK_MS);
    timer.unref();
  }
  return {
    checks: () => [...latest.values()],
    wrongNetwork: (chainId) => latest.get(chainId)?.state === 'wrong network',
    recheck,
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
