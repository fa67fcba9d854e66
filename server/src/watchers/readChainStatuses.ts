import type { ChainAdapterRegistry } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import { redactUrl } from '../chains/redactUrl.js';
import type { Config } from '../config/loadConfig.js';

/** One watched chain as `pnpm cairn chains:status` shows it. */
export interface ChainStatusLine {
  readonly chain_id: string;
  readonly backend: string;
  /** The backend URL without credentials. */
  readonly url: string;
  readonly node_height: number | null;
  readonly watcher_height: number | null;
  /** Blocks the watcher is behind the node (null when either is unknown). */
  readonly lag: number | null;
  readonly last_sync_at: string | null;
  readonly instance: string | null;
  /** `ok`, `stalled`, `not started`, `node unreachable: ...`, `last sync failed: ...`. */
  readonly health: string;
}

interface CursorRow {
  chain_id: string;
  height: number;
  synced_at: Date;
  last_error: string | null;
  last_error_at: Date | null;
  instance_id: string | null;
}

/**
 * Reads the tip of every chain that has a backend (asking the node directly, with a short timeout)
 * and the watcher's cursor from the database (whichever instance is active), and judges health:
 * stalled when the last successful sync is older than CAIRN_WATCHER_STALL_MS.
 */
export async function readChainStatuses(
  orm: MikroORM,
  config: Config,
  registry: ChainAdapterRegistry,
  now: Date,
): Promise<ChainStatusLine[]> {
  const cursors = new Map(
    (
      await orm.em
        .fork()
        .getConnection()
        .execute<CursorRow[]>(
          'select chain_id, height, synced_at, last_error, last_error_at, instance_id from chain_cursors',
        )
    ).map((row) => [row.chain_id, row]),
  );
  const lines: ChainStatusLine[] = [];
  for (const settings of Object.values(config.chains)) {
    if (!settings.enabled || !settings.backend || !registry.isUsable(settings.chainId)) continue;
    const chain = getChain(settings.chainId)!;
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
    const cursor = cursors.get(chain.id);
    const watcherHeight = cursor ? Number(cursor.height) : null;
    const syncedAt = cursor ? new Date(cursor.synced_at) : null;
    const stale = syncedAt !== null && now.getTime() - syncedAt.getTime() > config.CAIRN_WATCHER_STALL_MS;
    const failedLast =
      cursor?.last_error && cursor.last_error_at && syncedAt && new Date(cursor.last_error_at) > syncedAt;
    const health = nodeError
      ? `node unreachable: ${nodeError}`
      : !cursor
        ? 'not started'
        : stale
          ? `stalled${cursor.last_error ? `: ${cursor.last_error}` : ''}`
          : failedLast
            ? `last sync failed: ${cursor.last_error}`
            : 'ok';
    lines.push({
      chain_id: chain.id,
      backend: settings.backend.kind,
      url: redactUrl(settings.backend.url),
      node_height: nodeHeight,
      watcher_height: watcherHeight,
      lag: nodeHeight !== null && watcherHeight !== null ? Math.max(0, nodeHeight - watcherHeight) : null,
      last_sync_at: syncedAt ? syncedAt.toISOString() : null,
      instance: cursor?.instance_id ?? null,
      health,
    });
  }
  return lines;
}
