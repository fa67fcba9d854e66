import type { ChainDefinition } from '@cairn/contract';
import type { ChainSettings } from '../../platform/config/loadChainSettings.js';
import type { ChainOffer } from '../gateway/ChainAvailability.js';

/** The reason with its operator detail, for log lines and `cairn chains:status`. */
export const describeOffer = (offer: ChainOffer): string =>
  offer.detail ? `${offer.reason} (${offer.detail})` : offer.reason;

/** What the judgement needs to know about one chain. */
export interface ChainOfferInput {
  readonly chain: ChainDefinition;
  readonly settings: ChainSettings | undefined;
  /** The last successful sync of the chain's watcher on any instance (undefined: never). */
  readonly lastSyncAt: Date | undefined;
  /** The watcher's last error, if its last attempt failed. */
  readonly lastError?: string | undefined;
  /**
   * When this process's watcher of the chain became the active one, while it is (undefined: it stands
   * by or no watcher runs here). A last sync older than this is a former watcher's: not synced yet.
   */
  readonly activeSince?: Date | undefined;
  readonly now: Date;
  /**
   * A watcher silent for longer than this no longer counts (CAIRN_WATCHER_OFFLINE_MS), or than three of
   * the chain's poll intervals when those are longer.
   */
  readonly offlineAfterMs: number;
  /** Chains a test harness treats as watched (never set from configuration). */
  readonly testOnlyWatched?: ReadonlySet<string>;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * How long a watcher may go without a successful sync before its chain counts as unwatched (and its
 * watcher as failing): `offlineAfterMs`, or three poll intervals for a chain polled less often. A
 * healthy watcher syncs at least every poll interval (its long-poll returns then).
 */
export const offlineWindowMs = (offlineAfterMs: number, pollMs: number): number =>
  Math.max(offlineAfterMs, 3 * pollMs);

/**
 * The rule of docs/design.md: a chain option is offered only while something watches the chain,
 * so money never goes to an address nobody observes. Watched means a watcher (of this or any other
 * instance sharing the database) synced it successfully within `offlineAfterMs`; a test-mode chain
 * may instead be marked watched elsewhere by the operator (`CAIRN_CHAIN_<ID>_WATCHED_ELSEWHERE`,
 * refused for live chains when the configuration is read).
 */
export function judgeChainOffer(input: ChainOfferInput): ChainOffer {
  const { chain, settings, lastSyncAt, now } = input;
  const offer = (offered: boolean, reason: string, detail?: string): ChainOffer => ({
    chainId: chain.id,
    offered,
    reason,
    ...(detail ? { detail } : {}),
  });
  if (input.testOnlyWatched?.has(chain.id)) return offer(true, 'treated as watched by the test harness');
  if (settings?.watchedElsewhere && chain.mode === 'test')
    return offer(true, `watched elsewhere (CAIRN_CHAIN_${chain.id}_WATCHED_ELSEWHERE)`);
  if (!settings?.backend) {
    return offer(
      false,
      `nothing watches it: give it a node (CAIRN_CHAIN_${chain.id}_RPC_URL or _ESPLORA_URL)${chain.mode === 'test' ? ` or mark it CAIRN_CHAIN_${chain.id}_WATCHED_ELSEWHERE=true` : ''}`,
    );
  }
  // A sync older than this process's watcher taking the chain over (a restart) is a former watcher's.
  if (lastSyncAt === undefined || (input.activeSince !== undefined && lastSyncAt < input.activeSince))
    return offer(false, 'its watcher has not synced yet', input.lastError);
  const silent = now.getTime() - lastSyncAt.getTime();
  if (silent > offlineWindowMs(input.offlineAfterMs, settings.pollMs))
    return offer(false, `its watcher has not synced for ${seconds(silent)}`, input.lastError);
  return offer(true, 'watched');
}
