import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Runner } from 'graphile-worker';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { createChainRegistry } from './chains/createChainRegistry.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config/loadConfig.js';
import { createOrm, migrate } from './db/createOrm.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/startEmbeddedPostgres.js';
import type { Gateway } from './gateway.js';
import { buildApp } from './http/buildApp.js';
import { createMetrics } from './http/metrics.js';
import { createRateProviders } from './rates/createRateProviders.js';
import { type ChainWatchers, startChainWatchers } from './watchers/startChainWatchers.js';
import type { WebhookDispatcher } from './webhooks/createWebhookDispatcher.js';
import { startWebhookDelivery } from './webhooks/startWebhookDelivery.js';
import { migrateWorkerSchema, startWorkers } from './workers/startWorkers.js';

/** The repository root: relative data directories resolve against it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How long SIGTERM waits for open HTTP connections before closing them. */
export const SHUTDOWN_GRACE_MS = 5_000;

/** A running (or ready to run) gateway. */
export interface RunningGateway {
  readonly gateway: Gateway;
  readonly app: FastifyInstance;
  readonly databaseUrl: string;
  /** The address it listens on, when `listen` was requested. */
  readonly address?: string;
  /** The chain watchers of this instance (none when `watchers: false` or no chain has a node). */
  readonly chainWatchers?: ChainWatchers;
  /** The webhook delivery loop (with the workers). */
  readonly webhooks?: WebhookDispatcher;
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly config: Config;
  readonly clock?: Clock;
  readonly log?: Logger;
  /** Listen on HOST:PORT (default true); tests may only inject. */
  readonly listen?: boolean;
  /** Start the job workers (default true). */
  readonly workers?: boolean;
  /** Start the chain watchers of chains given a node (default true). */
  readonly watchers?: boolean;
}

/** The pino logger: JSON lines, secrets redacted. */
export function createLogger(level: Config['CAIRN_LOG_LEVEL']): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.apiKey', '*.api_key', '*.secret'],
      censor: '[redacted]',
    },
  });
}

/** Resolves the database: DATABASE_URL, or the embedded PostgreSQL under CAIRN_DATA_DIR. */
export async function resolveDatabase(
  config: Config,
  log: Logger,
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  const started = Date.now();
  const embedded = await startEmbeddedPostgres({
    dataDir: resolve(REPO_ROOT, config.CAIRN_DATA_DIR),
    port: config.CAIRN_EMBEDDED_PG_PORT,
    log: (message) => log.debug({ postgres: message }),
  });
  log.info(
    { ms: Date.now() - started, initialised: embedded.initialised, port: config.CAIRN_EMBEDDED_PG_PORT },
    'embedded PostgreSQL started',
  );
  return { url: embedded.url, embedded };
}

/**
 * Boots the gateway: database (embedded by default), migrations, worker schema, rate sources, chain
 * adapters, job workers and the HTTP app. `stop()` shuts down in reverse order (SIGTERM path).
 */
export async function startGateway(options: StartOptions): Promise<RunningGateway> {
  const { config } = options;
  const log = options.log ?? createLogger(config.CAIRN_LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const database = await resolveDatabase(config, log);
  const orm = await createOrm(database.url);
  const applied = await migrate(orm);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  await migrateWorkerSchema(database.url, log);

  const gateway: Gateway = {
    orm,
    config,
    clock,
    log,
    chains: createChainRegistry(config.enabledChains, log),
    rates: createRateProviders(config, clock, log),
  };

  // Created before the app so that webhook delivery, which starts first, reports on the same /metrics.
  const metrics = createMetrics();
  let runner: Runner | undefined;
  let webhooks: WebhookDispatcher | undefined;
  if (options.workers ?? true) {
    runner = await startWorkers(gateway, database.url);
    try {
      webhooks = await startWebhookDelivery(gateway, database.url, { registry: metrics.registry });
    } catch (error) {
      await runner.stop();
      await orm.close(true);
      await database.embedded?.stop();
      throw error;
    }
  }
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  let chainWatchers: ChainWatchers | undefined;
  const app = await buildApp(gateway, {
    workersReady: () => (runner !== undefined && (webhooks?.running ?? false)) || options.workers === false,
    chainWatchers: () => chainWatchers?.statuses() ?? [],
    ...(redis ? { redis } : {}),
    metrics,
  });

  if (options.watchers ?? true) {
    chainWatchers = startChainWatchers(gateway, {
      databaseUrl: database.url,
      registry: app.metrics.registry,
    });
  }

  let address: string | undefined;
  if (options.listen ?? true) address = await app.listen({ port: config.PORT, host: config.HOST });

  let stopped = false;
  return {
    gateway,
    app,
    databaseUrl: database.url,
    ...(address ? { address } : {}),
    ...(chainWatchers ? { chainWatchers } : {}),
    ...(webhooks ? { webhooks } : {}),
    async stop() {
      if (stopped) return;
      stopped = true;
      await chainWatchers?.stop();
      // In-flight requests get a grace period; a connection still open after it (a client that
      // never finished reading, say) must not hold the shutdown forever.
      const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await app.close();
      clearTimeout(force);
      await webhooks?.stop();
      await runner?.stop();
      redis?.disconnect();
      await orm.close(true);
      await database.embedded?.stop();
    },
  };
}
