import { getChain } from '@cairn/contract';
import type { Registry } from 'prom-client';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { redactBackendUrl } from '../../platform/config/redactUrl.js';
import { ChainWatcher, type WatcherStatus } from './ChainWatcher.js';
import { moneroWalletSecret } from './moneroWalletSecret.js';
import { createWatcherMetrics } from './watcherMetrics.js';

/** The watchers of one gateway instance. */
export interface ChainWatchers {
  readonly watchers: readonly ChainWatcher[];
  /** Each watcher's status, by chain id. */
  statuses(): WatcherStatus[];
  /** Stops the watcher of one chain for good (its node turned out to serve another network). */
  stopChain(chainId: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a watcher for every enabled chain that has a backend (`CAIRN_CHAIN_<ID>_RPC_URL` or
 * `_ESPLORA_URL`) and whose adapter can observe. Each competes for its chain's advisory lock: one
 * instance watches, the others stand by. A chain whose observer cannot be opened is logged and left
 * unwatched; the others still start (a failing chain never stops the gateway).
 */
export function startChainWatchers(
  gateway: Gateway,
  options: {
    databaseUrl: string;
    registry?: Registry;
    autoStart?: boolean;
    /** Chains not to watch (the start-up checks found their node on another network). */
    skip?: (chainId: string) => boolean;
  },
): ChainWatchers {
  const watchers: ChainWatcher[] = [];
  const lastSyncs = () =>
    watchers.flatMap((watcher) => {
      const status = watcher.status();
      return status.role === 'active' && status.lastSyncAt
        ? [
            {
              chain: status.chainId,
              seconds: (gateway.clock.now().getTime() - status.lastSyncAt.getTime()) / 1000,
            },
          ]
        : [];
    });
  const healths = () =>
    watchers.map((watcher) => ({ chain: watcher.chainId, health: watcher.status().health }));
  const metrics = options.registry ? createWatcherMetrics(options.registry, lastSyncs, healths) : undefined;
  for (const settings of Object.values(gateway.config.chains)) {
    if (!settings.enabled || !settings.backend || !gateway.chains.isUsable(settings.chainId)) continue;
    if (options.skip?.(settings.chainId)) continue;
    const chain = getChain(settings.chainId)!;
    const { adapter } = gateway.chains.get(chain.id);
    if (!adapter.createObserver) {
      gateway.log.warn(
        { chainId: chain.id },
        'this chain family cannot be watched yet; payments are not detected',
      );
      continue;
    }
    try {
      const backend =
        chain.family === 'monero' && settings.backend.kind === 'json-rpc'
          ? { ...settings.backend, walletSecret: moneroWalletSecret(gateway.config) }
          : settings.backend;
      const observer = adapter.createObserver({
        chain,
        backend,
        log: gateway.log,
        now: () => gateway.clock.now().getTime(),
      });
      const watcher = new ChainWatcher({
        gateway,
        chain,
        observer,
        databaseUrl: options.databaseUrl,
        pollMs: settings.pollMs,
        stallMs: gateway.config.CAIRN_WATCHER_STALL_MS,
        ...(metrics ? { metrics } : {}),
      });
      watchers.push(watcher);
      gateway.log.info(
        { chainId: chain.id, backend: settings.backend.kind, url: redactBackendUrl(settings.backend) },
        'chain watcher configured',
      );
    } catch (error) {
      gateway.log.error(
        { chainId: chain.id, err: error },
        'cannot open the chain backend; chain not watched',
      );
    }
  }
  if (options.autoStart ?? true) for (const watcher of watchers) watcher.start();
  return {
    watchers,
    statuses: () => watchers.map((w) => w.status()),
    async stopChain(chainId) {
      const index = watchers.findIndex((w) => w.chainId === chainId);
      if (index < 0) return;
      const [watcher] = watchers.splice(index, 1);
      await watcher!.stop();
    },
    async stop() {
      await Promise.all(watchers.map((w) => w.stop()));
    },
  };
}
