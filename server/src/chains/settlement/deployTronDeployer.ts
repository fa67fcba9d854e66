import { createTronGasWallet, isTronChainId } from '@cairn/chain-tron';
import type { ChainSettings } from '../../platform/config/loadChainSettings.js';
import { StartupError } from '../../platform/runtime/StartupError.js';
import { TRON_EXPIRATION_MS } from './tronSettlementWallet.js';

/** Why `tron:deploy-deployer` could not create the deployer; the message names the cause and the fix. */
export class TronDeployerError extends StartupError {
  override readonly name = 'TronDeployerError';
  constructor(
    readonly code:
      | 'NOT_TRON'
      | 'NO_NODE'
      | 'NO_GAS_WALLET'
      | 'ALREADY_SET'
      | 'REFUSED'
      | 'FAILED'
      | 'EXPIRED',
    message: string,
  ) {
    super(message);
  }
}

/** What {@link deployTronDeployer} did. */
export interface DeployedTronDeployer {
  /** The deployer's address (`T…`), the value of `CAIRN_CHAIN_<ID>_DEPLOYER`. */
  readonly deployer: string;
  /** The creating transaction's id. */
  readonly tx: string;
  /** Sun the gas wallet burnt for it. */
  readonly feeSun: bigint;
}

/** How {@link deployTronDeployer} waits between two looks at the chain. */
export interface DeployTronDeployerOptions {
  /** Waits `ms` (the CLI: a timer; tests: closing blocks). */
  readonly sleep: (ms: number) => Promise<void>;
  /** Between two looks (default 3 s, a TRON block). */
  readonly pollMs?: number;
  /** Told once the transaction is sent, with its id and the address to come. */
  readonly onSent?: (sent: { tx: string; deployer: string }) => void;
}

/**
 * Creates the deterministic deployer of a TRON chain with its gas wallet (`cairn tron:deploy-deployer`):
 * signs the `CreateSmartContract` of `DEPLOYER_CREATION_CODE`, broadcasts it, and waits until its
 * receipt is solidified (about a minute on mainnet), then checks the code is at the address java-tron
 * derives from the transaction. Needs the chain's RPC_URL and GAS_WALLET_KEY; refuses a chain whose
 * DEPLOYER is already set (every deposit address follows from it: a second one would orphan them).
 */
export async function deployTronDeployer(
  chainId: string,
  settings: ChainSettings | undefined,
  options: DeployTronDeployerOptions,
): Promise<DeployedTronDeployer> {
  if (!isTronChainId(chainId))
    throw new TronDeployerError('NOT_TRON', `${chainId} is not a TRON chain (TRON or TRON_NILE)`);
  if (settings?.deployer)
    throw new TronDeployerError(
      'ALREADY_SET',
      `CAIRN_CHAIN_${chainId}_DEPLOYER is already set (${settings.deployer}): every factory and deposit address of ${chainId} follows from it, so it is never replaced. Unset it first only if no wallet was ever added on ${chainId}`,
    );
  if (settings?.backend?.kind !== 'json-rpc')
    throw new TronDeployerError(
      'NO_NODE',
      `set CAIRN_CHAIN_${chainId}_RPC_URL to a java-tron full node's HTTP API (e.g. https://nile.trongrid.io) first`,
    );
  if (!settings.gasWalletKey)
    throw new TronDeployerError(
      'NO_GAS_WALLET',
      `set CAIRN_CHAIN_${chainId}_GAS_WALLET_KEY first: the gas wallet pays for the deployer (a few TRX)`,
    );
  const wallet = createTronGasWallet({
    chainId,
    url: settings.backend.url,
    privateKey: settings.gasWalletKey,
    expirationMs: TRON_EXPIRATION_MS,
    ...(settings.backend.headers ? { headers: settings.backend.headers } : {}),
    ...(settings.solidityUrl ? { solidityUrl: settings.solidityUrl } : {}),
    ...(settings.maxFeeLimitSun === undefined ? {} : { maxFeeLimitSun: settings.maxFeeLimitSun }),
  });
  const signed = await wallet.signDeployerCreation();
  try {
    await wallet.broadcast(signed.raw);
  } catch (error) {
    throw new TronDeployerError(
      'REFUSED',
      `the node refused the deployer's creation: ${(error as Error).message}`,
    );
  }
  options.onSent?.({ tx: signed.hash, deployer: signed.contract });
  const pollMs = options.pollMs ?? 3_000;
  for (;;) {
    const receipt = await wallet.receipt(signed.hash);
    if (receipt?.status === 'reverted')
      throw new TronDeployerError(
        'FAILED',
        `the deployer's creation ${signed.hash} failed (${receipt.reason ?? 'no reason'}); ${receipt.feeSun} sun were burnt. Run the command again`,
      );
    if (receipt?.status === 'success') {
      if (!(await wallet.hasCode(signed.contract)))
        throw new TronDeployerError(
          'FAILED',
          `the deployer's creation ${signed.hash} succeeded, but no code is at ${signed.contract}, the address java-tron gives it: do not use it`,
        );
      return { deployer: signed.contract, tx: signed.hash, feeSun: receipt.feeSun };
    }
    // Once the head block is past its expiration, no block can take it any more.
    if ((await wallet.headTime()).getTime() > signed.expiresAt.getTime())
      throw new TronDeployerError(
        'EXPIRED',
        `the deployer's creation ${signed.hash} was never included, and has expired: run the command again`,
      );
    await options.sleep(pollMs);
  }
}
