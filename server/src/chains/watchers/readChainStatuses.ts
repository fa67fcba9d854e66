import type { ChainAdapterRegistry } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import { describeOffer, judgeChainOffer, offlineWindowMs } from '../../domain/chainOffers/judgeChainOffer.js';
import type { Config } from '../../platform/config/loadConfig.js';
import { redactBackendUrl } from '../../platform/config/redactUrl.js';
import { describeHealth, judgeWatcherHealth } from './judgeWatcherHealth.js';

/** One enabled chain as `pnpm cairn chains:status` shows it. */
export interface ChainStatusLine {
  readonly chain_id: string;
  /** `json-rpc`, `esplora`, or `none` (no node configured). */
  readonly backend: string;
  /** The backend URL without credentials (empty without a backend). */
  readonly url: string;
  readonly node_height: number | null;
  readonly watcher_height: number | null;
  /** Blocks the watcher is behind the node (null when either is unknown). */
  readonly lag: number | null;
  readonly last_sync_at: string | null;
  readonly instance: string | null;
  /**
   * As /readyz names it (`judgeWatcherHealth`), judged from the watchers' last sync on any instance:
   * `ok`, `syncing` (no watcher synced it yet), `failing: <reason>` (the node is unreachable from here,
   * or no successful sync within the offline window), or `not watched` (no node).
   */
  readonly health: string;
  /** The error of the watcher's last attempt when it failed after its last successful sync. */
  readonly last_error: string | null;
  /**
   * A reset (or another network) the watcher found on a live chain and waits for the operator on:
   * what it found, and whether `cairn chains:reanchor` was asked already (docs/operating/chain-resets.md).
   * Absent when there is none.
   */
  readonly reset?: {
    readonly detected_at: string;
    readonly detail: string;
    readonly reanchor_requested: boolean;
  };
  /** Whether new payments are offered the chain now (only while something watches it). */
  readonly offered: boolean;
  /** Why it is offered or not. */
  readonly offer_reason: string;
  /** EVM and TRON chains: the gas wallet and the settlement backlog (see `readSettlementStatus`). */
  readonly evm?: SettlementLine;
  /** Chains given a node whose family can be checked (EVM, TRON): the start-up checks, run again now. */
  readonly checks?: ChecksLine;
}

/** The start-up checks of one chain as `chains:status` shows them (see `judgeChainFacts`). */
export interface ChecksLine {
  /** `ok`, `wrong network: <detail>` (the chain is disabled) or `unchecked: <node error>`. */
  readonly network: string;
  /** Every token whose contract is known: `ok`, `symbol differs` (kept) or `disabled`, with why. */
  readonly tokens: readonly { symbol: string; contract: string; state: string; detail: string | null }[];
}

/** An EVM chain's settlement as `chains:status` shows it. */
export interface SettlementLine {
  /** The gas wallet's address; null when none is configured. */
  readonly gas_wallet: string | null;
  /** Its balance in the chain's smallest unit (wei; sun on TRON), a decimal string; null when unknown. */
  readonly gas_balance_wei: string | null;
  /** A warning when gas runs low or no gas wallet is configured; null when all is well. */
  readonly gas_warning: string | null;
  /** Sweep transactions sent and not yet mined. */
  readonly sweeps_pending: number;
  /** Payments whose funds are deep enough and wait for a sweep. */
  readonly sweeps_due: number;
  /** Merchant wallets whose forwarder factory is not on-chain yet. */
  readonly wallets_onboarding: number;
}

interface CursorRow {
  chain_id: string;
  height: number;
  reset_detected_at: Date | null;
  reset_detail: string | null;
  reanchor_requested_at: Date | null;
  synced_at: Date;
  last_error: string | null;
  last_error_at: Date | null;
  instance_id: string | null;
}

/**
 * Every enabled chain with an adapter: for those with a backend, the node's tip (asked directly, with
 * a short timeout) and the watcher's cursor from the database (whichever instance is active), judged
 * as /readyz judges a watcher (`judgeWatcherHealth`); and for every one,
 * whether payments are offered it now (see `judgeChainOffer`).
 */
export async function readChainStatuses(
  orm: MikroORM,
  config: Config,
  registry: ChainAdapterRegistry,
  now: Date,
  /** Reads an EVM chain's settlement line (gas wallet, sweeps); absent: not shown. */
  readEvm?: (chainId: string) => Promise<SettlementLine>,
): Promise<ChainStatusLine[]> {
  const cursors = new Map(
    (
      await orm.em
        .fork()
        .getConnection()
        .execute<CursorRow[]>(
          `select chain_id, height, synced_at, last_error, last_error_at, instance_id, reset_detected_at,
                  reset_detail, reanchor_requested_at from chain_cursors`,
        )
    ).map((row) => [row.chain_id, row]),
  );
  const lines: ChainStatusLine[] = [];
  for (const chainId of config.enabledChains) {
    if (!registry.isUsable(chainId)) continue;
    const chain = getChain(chainId)!;
    const settings = config.chains[chainId];
    const cursor = cursors.get(chain.id);
    const syncedAt = cursor ? new Date(cursor.synced_at) : null;
    const failedLast =
      cursor?.last_error && cursor.last_error_at && syncedAt && new Date(cursor.last_error_at) > syncedAt;
    const offer = judgeChainOffer({
      chain,
      settings,
      lastSyncAt: syncedAt ?? undefined,
      lastError: failedLast ? (cursor?.last_error ?? undefined) : undefined,
      now,
      offlineAfterMs: config.CAIRN_WATCHER_OFFLINE_MS,
    });
    if (!settings?.backend) {
      lines.push({
        chain_id: chain.id,
        backend: 'none',
        url: '',
        node_height: null,
        watcher_height: null,
        lag: null,
        last_sync_at: null,
        instance: null,
        health: 'not watched',
        last_error: null,
        offered: offer.offered,
        offer_reason: describeOffer(offer),
      });
      continue;
    }
    const { adapter } = registry.get(chain.id);
    let nodeHeight: number | null = null;
    let nodeError: string | undefined;
    try {
      if (!adapter.createObserver) throw new Error('this chain family cannot be watched yet');
      const observer = adapter.createObserver({ chain, backend: { ...settings.backend, timeoutMs: 5_000 } });
      nodeHeight = (await observer.tip()).height;
      await observer.close?.();
    } catch (error) {
      nodeError = (error as Error).message;
    }
    const watcherHeight = cursor ? Number(cursor.height) : null;
    const lastError = failedLast ? (cursor?.last_error ?? null) : null;
    const health = nodeError
      ? `failing: node unreachable: ${nodeError}`
      : describeHealth(
          judgeWatcherHealth({
            role: 'active',
            activeSince: undefined,
            lastSyncAt: syncedAt ?? undefined,
            lastError: lastError ?? undefined,
            now,
            failAfterMs: offlineWindowMs(config.CAIRN_WATCHER_OFFLINE_MS, settings.pollMs),
          }),
        );
    const reset = cursor?.reset_detected_at
      ? {
          detected_at: new Date(cursor.reset_detected_at).toISOString(),
          detail: cursor.reset_detail ?? 'reset detected',
          reanchor_requested: cursor.reanchor_requested_at !== null,
        }
      : undefined;
    lines.push({
      chain_id: chain.id,
      backend: settings.backend.kind,
      url: redactBackendUrl(settings.backend),
      node_height: nodeHeight,
      watcher_height: watcherHeight,
      lag: nodeHeight !== null && watcherHeight !== null ? Math.max(0, nodeHeight - watcherHeight) : null,
      last_sync_at: syncedAt ? syncedAt.toISOString() : null,
      instance: cursor?.instance_id ?? null,
      health: reset ? `halted: ${reset.detail}` : health,
      last_error: lastError,
      offered: reset ? false : offer.offered,
      offer_reason: reset
        ? `its node was reset or serves another network; ${reset.reanchor_requested ? 'the re-anchor asked for waits for the active watcher' : `run \`cairn chains:reanchor ${chain.id}\``}`
        : describeOffer(offer),
      ...(reset ? { reset } : {}),
      ...((chain.family === 'evm' || chain.family === 'tron') && readEvm
        ? { evm: await readEvm(chain.id) }
        : {}),
    });
  }
  return lines;
}
