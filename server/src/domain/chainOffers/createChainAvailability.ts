import type { ChainAdapterRegistry } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig.js';
import type { Clock } from '../../platform/runtime/clock.js';
import type { ChainAvailability, ChainOffer } from '../gateway/ChainAvailability.js';
import { describeOffer, judgeChainOffer } from './judgeChainOffer.js';

export interface ChainAvailabilityOptions {
  readonly orm: MikroORM;
  readonly config: Config;
  readonly clock: Clock;
  readonly registry: ChainAdapterRegistry;
  readonly log: FastifyBaseLogger;
  /** Chains treated as watched whatever their watchers say: for test harnesses only, never configuration. */
  readonly testOnlyWatched?: readonly string[];
  /** Log each chain that stops or starts being offered (default true; operator commands do not). */
  readonly announce?: boolean;
}

interface CursorRow {
  chain_id: string;
  synced_at: Date;
  reset_detail: string | null;
  reset_detected_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
}

/**
 * Keeps, in memory, when each chain was last synced by a watcher on any instance (`chain_cursors`,
 * read every second, plus this process's own watchers as they sync), so the create-payment path asks
 * without a query.
 */
export function createChainAvailability(options: ChainAvailabilityOptions): ChainAvailability {
  const { config, clock, registry, log } = options;
  const testOnlyWatched = new Set(options.testOnlyWatched ?? []);
  const lastSync = new Map<string, Date>();
  const lastError = new Map<string, string>();
  const activeSince = new Map<string, Date>();
  const disabledChains = new Map<string, ChainOffer>();
  /** Chains whose watcher found their node reset and waits for `cairn chains:reanchor`. */
  const resets = new Map<string, string>();
  const disabledCoins = new Map<string, ChainOffer>();
  const announced = new Map<string, boolean>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let refreshing: Promise<void> | undefined;

  const offerOf = (chainId: string): ChainOffer => {
    const chain = getChain(chainId);
    if (!chain || !registry.isUsable(chainId))
      return { chainId, offered: false, reason: 'not enabled, or no adapter for its family yet' };
    const disabled = disabledChains.get(chainId);
    if (disabled) return disabled;
    const reset = resets.get(chainId);
    if (reset !== undefined)
      return withDetail(
        {
          chainId,
          offered: false,
          reason: 'its node was reset or serves another network; waiting for the operator',
        },
        reset,
      );
    return judgeChainOffer({
      chain,
      settings: config.chains[chainId],
      lastSyncAt: lastSync.get(chainId),
      lastError: lastError.get(chainId),
      activeSince: activeSince.get(chainId),
      now: clock.now(),
      offlineAfterMs: config.CAIRN_WATCHER_OFFLINE_MS,
      testOnlyWatched,
    });
  };
  const offers = () => registry.usableChainIds().map(offerOf);
  const noteSync = (chainId: string, at: Date) => {
    const known = lastSync.get(chainId);
    if (!known || known < at) lastSync.set(chainId, at);
    lastError.delete(chainId);
  };
  const withDetail = (offer: ChainOffer, detail: string | undefined): ChainOffer =>
    detail ? { ...offer, detail } : offer;
  /** Logs each chain whose judgement changed since the last announcement (all of them the first time). */
  const announce = () => {
    if (options.announce === false) return;
    for (const offer of offers()) {
      if (announced.get(offer.chainId) === offer.offered) continue;
      const first = !announced.has(offer.chainId);
      announced.set(offer.chainId, offer.offered);
      if (offer.offered)
        log.info(
          { chainId: offer.chainId, reason: describeOffer(offer) },
          `${offer.chainId} is offered to payments`,
        );
      else
        log.warn(
          { chainId: offer.chainId, reason: describeOffer(offer) },
          `${offer.chainId} is ${first ? 'not' : 'no longer'} offered to payments: ${describeOffer(offer)}`,
        );
    }
  };

  return {
    isOffered: (chainId) => offerOf(chainId).offered,
    offerOf,
    offers,
    noteSync,
    noteSyncFailed(chainId, error) {
      lastError.set(chainId, error);
    },
    noteReset(chainId, detail) {
      if (detail === undefined) resets.delete(chainId);
      else resets.set(chainId, detail);
    },
    noteActive(chainId, since) {
      if (since) activeSince.set(chainId, since);
      else activeSince.delete(chainId);
    },
    disableChain(chainId, reason, detail) {
      disabledChains.set(chainId, withDetail({ chainId, offered: false, reason }, detail));
    },
    enableChain(chainId) {
      disabledChains.delete(chainId);
    },
    disableCoin(chainId, symbol, reason, detail) {
      disabledCoins.set(`${chainId}:${symbol}`, withDetail({ chainId, offered: false, reason }, detail));
    },
    coinOfferOf(chainId, symbol) {
      const offer = offerOf(chainId);
      return offer.offered ? (disabledCoins.get(`${chainId}:${symbol}`) ?? offer) : offer;
    },
    refresh() {
      refreshing ??= read().finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },
    start(intervalMs = 1000) {
      if (timer) return;
      timer = setInterval(() => void this.refresh(), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };

  async function read(): Promise<void> {
    try {
      const rows = await options.orm.em
        .fork()
        .getConnection()
        .execute<CursorRow[]>(
          'select chain_id, synced_at, last_error, last_error_at, reset_detected_at, reset_detail from chain_cursors',
        );
      for (const row of rows) {
        if (row.reset_detected_at) resets.set(row.chain_id, row.reset_detail ?? 'reset detected');
        else resets.delete(row.chain_id);
        const syncedAt = new Date(row.synced_at);
        noteSync(row.chain_id, syncedAt);
        if (row.last_error && row.last_error_at && new Date(row.last_error_at) > syncedAt)
          lastError.set(row.chain_id, row.last_error);
      }
    } catch (error) {
      // The database is away: judge on what was read last (stale syncs count as unwatched).
      log.debug({ err: error }, 'chain availability: reading the watchers’ last syncs failed');
    }
    announce();
  }
}
