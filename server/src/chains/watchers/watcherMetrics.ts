import { Counter, Gauge, type Registry } from 'prom-client';
import type { WatcherHealth } from './judgeWatcherHealth.js';

const HEALTHS: readonly WatcherHealth[] = ['ok', 'syncing', 'failing', 'halted', 'standby', 'stopped'];

/** The chain watchers' Prometheus metrics, labelled by chain id. */
export interface WatcherMetrics {
  readonly tipHeight: Gauge<'chain'>;
  readonly cursorHeight: Gauge<'chain'>;
  readonly lagBlocks: Gauge<'chain'>;
  readonly active: Gauge<'chain'>;
  readonly openTargets: Gauge<'chain'>;
  readonly secondsSinceSync: Gauge<'chain'>;
  readonly health: Gauge<'chain' | 'health'>;
  readonly matchedTransfers: Counter<'chain' | 'source'>;
  readonly reorgs: Counter<'chain'>;
  readonly syncErrors: Counter<'chain'>;
  /** 1 while a live chain's watcher waits for `cairn chains:reanchor` after a reset; 0 otherwise. */
  readonly resetDetected: Gauge<'chain'>;
  readonly resets: Counter<'chain'>;
}

/**
 * Registers the watcher metrics on `registry` (the gateway's /metrics registry). `secondsSinceSync`
 * and `health` are computed at scrape time from `lastSyncs` and `healths` (a stalled watcher stops
 * updating its own gauges).
 */
export function createWatcherMetrics(
  registry: Registry,
  lastSyncs: () => readonly { chain: string; seconds: number }[] = () => [],
  healths: () => readonly { chain: string; health: WatcherHealth }[] = () => [],
): WatcherMetrics {
  const registers = [registry];
  const gauge = (name: string, help: string) => new Gauge({ name, help, labelNames: ['chain'], registers });
  return {
    tipHeight: gauge('cairn_chain_tip_height', "The node's best block height, per chain."),
    cursorHeight: gauge('cairn_chain_cursor_height', 'The height the watcher has processed, per chain.'),
    lagBlocks: gauge('cairn_chain_lag_blocks', 'Blocks the watcher is behind the node, per chain.'),
    active: gauge(
      'cairn_chain_watcher_active',
      '1 when this instance is the active watcher of the chain, 0 on standby.',
    ),
    openTargets: gauge('cairn_chain_open_targets', 'Deposit targets in the watcher index, per chain.'),
    secondsSinceSync: new Gauge({
      name: 'cairn_chain_seconds_since_sync',
      help: 'Seconds since the active watcher last completed a sync, per chain (alert on this: a stalled watcher).',
      labelNames: ['chain'],
      registers,
      collect() {
        for (const { chain, seconds } of lastSyncs()) this.set({ chain }, seconds);
      },
    }),
    health: new Gauge({
      name: 'cairn_chain_watcher_health',
      help: "1 for this instance's watcher health of the chain (ok, syncing, failing, halted, standby, stopped), 0 for the others; /readyz says the same.",
      labelNames: ['chain', 'health'],
      registers,
      collect() {
        for (const { chain, health } of healths())
          for (const each of HEALTHS) this.set({ chain, health: each }, each === health ? 1 : 0);
      },
    }),
    matchedTransfers: new Counter({
      name: 'cairn_chain_matched_transfers_total',
      help: 'Outputs matched to a deposit target, by chain and where first seen (mempool, block).',
      labelNames: ['chain', 'source'],
      registers,
    }),
    reorgs: new Counter({
      name: 'cairn_chain_reorgs_total',
      help: 'Reorgs the watcher rewound, per chain.',
      labelNames: ['chain'],
      registers,
    }),
    resetDetected: gauge(
      'cairn_chain_reset_detected',
      "1 while the chain's node was found reset or on another network and the watcher waits for `cairn chains:reanchor` (live chains; alert on this), 0 otherwise.",
    ),
    resets: new Counter({
      name: 'cairn_chain_reanchors_total',
      help: "Times the watcher re-anchored at the node's tip after a reset (test chains by themselves, live ones on request).",
      labelNames: ['chain'],
      registers,
    }),
    syncErrors: new Counter({
      name: 'cairn_chain_sync_errors_total',
      help: 'Failed watcher syncs (node unreachable, bad answer), per chain.',
      labelNames: ['chain'],
      registers,
    }),
  };
}
