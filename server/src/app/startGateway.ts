import type { FastifyInstance } from 'fastify';
import type { Runner } from 'graphile-worker';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { attachDevChain } from '../chains/devChain/attachDevChain.js';
import type { DevChainRecord } from '../chains/devChain/devChainRecord.js';
import { startDevChain } from '../chains/devChain/startDevChain.js';
import { wantsDevChain, withDevChain } from '../chains/devChain/withDevChain.js';
import { type ChainChecks, startChainChecks } from '../chains/facts/startChainChecks.js';
import { gatewayEvmFacts } from '../chains/settlement/gatewayEvmFacts.js';
import { registerSettlementMetrics } from '../chains/settlement/settlementMetrics.js';
import {
  type ForwarderSettlers,
  startForwarderSettlers,
} from '../chains/settlement/startForwarderSettlers.js';
import { type ChainWatchers, startChainWatchers } from '../chains/watchers/startChainWatchers.js';
import { createChainAvailability } from '../domain/chainOffers/createChainAvailability.js';
import type { Gateway } from '../domain/gateway/Gateway.js';
import { followInvoicePayment } from '../domain/invoices/followInvoicePayment.js';
import { createRateProviders } from '../domain/rates/createRateProviders.js';
import type { Config } from '../platform/config/loadConfig.js';
import { redactUrl } from '../platform/config/redactUrl.js';
import { checkDatabaseUrl } from '../platform/db/checkDatabaseUrl.js';
import { checkMigrated } from '../platform/db/checkMigrated.js';
import { createOrm, migrate } from '../platform/db/createOrm.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/db/startEmbeddedPostgres.js';
import { type Clock, systemClock } from '../platform/runtime/clock.js';
import { createMetrics } from '../platform/runtime/metrics.js';
import { StartupError } from '../platform/runtime/StartupError.js';
import { serializeError } from '../web/serializeError.js';
import { migrateWorkerSchema, startWorkers } from '../workers/jobs/startWorkers.js';
import type { WebhookDispatcher } from '../workers/webhookDelivery/createWebhookDispatcher.js';
import { startWebhookDelivery } from '../workers/webhookDelivery/startWebhookDelivery.js';
import { buildApp } from './buildApp.js';
import { createChainRegistry } from './createChainRegistry.js';

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
  /** The start-up checks of the EVM and TRON nodes' networks and tokens (with the watchers). */
  readonly chainChecks?: ChainChecks;
  /** The local dev chain this gateway started (`devChain: 'start'`), if any. */
  readonly devChain?: DevChainRecord;
  /** The forwarder settlers of this instance (EVM and TRON: onboarding, sweeps, gasless relays; with the watchers). */
  readonly settlers?: ForwarderSettlers;
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
  /**
   * The local dev chain (ETH_LOCAL on anvil, see CAIRN_DEV_CHAIN): `start` runs it (the `cairn start`
   * command), `attach` uses the one a running `cairn start` recorded (operator commands), absent: none.
   */
  readonly devChain?: 'start' | 'attach';
  /** Start the chain watchers of chains given a node (default true). */
  readonly watchers?: boolean;
  /**
   * Chains treated as watched whatever their watchers say. For test harnesses only (live chains have
   * no node here); nothing in the configuration can set it.
   */
  readonly testOnlyWatchedChains?: readonly string[];
  /**
   * Use the database only as it is, migrated (operator commands other than `start` and `migrate`):
   * create no embedded cluster or database, apply no migration; refuse, naming the database and the
   * fix, when it is missing or not migrated.
   */
  readonly existingDatabase?: boolean;
}

/**
 * The pino logger: JSON lines, secrets redacted, database errors without the values of their
 * statement (`serializeError`). The gateway logs to stdout; operator commands log to stderr
 * (`to: 'stderr'`), so that what they print on stdout (JSON with `--json`) stays parseable.
 */
export function createLogger(level: Config['CAIRN_LOG_LEVEL'], to: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError },
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', '*.apiKey', '*.api_key', '*.secret'],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: to === 'stderr' ? 2 : 1, sync: to === 'stderr' }),
  );
}

/**
 * Resolves the database: DATABASE_URL (checked with one connection, so a server that is down or a
 * wrong password is a {@link StartupError} sentence), or the embedded PostgreSQL under CAIRN_DATA_DIR.
 */
export async function resolveDatabase(
  config: Config,
  log: Logger,
  options: { existingOnly?: boolean } = {},
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.DATABASE_URL) {
    await checkDatabaseUrl(config.DATABASE_URL);
    return { url: config.DATABASE_URL };
  }
  const started = Date.now();
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.CAIRN_EMBEDDED_PG_PORT,
    log: (message) => log.debug({ postgres: message }),
    notice: (message) => log.info(message),
    ...(options.existingOnly ? { existingOnly: true } : {}),
  });
  log.info(
    {
      ms: Date.now() - started,
      initialised: embedded.initialised,
      port: config.CAIRN_EMBEDDED_PG_PORT,
      cluster: embedded.clusterDir,
    },
    'embedded PostgreSQL started',
  );
  return { url: embedded.url, embedded };
}

/** Which database the configuration names, in words (no password). */
export const describeDatabase = (config: Config): string =>
  config.DATABASE_URL
    ? `The database in DATABASE_URL (${redactUrl(config.DATABASE_URL)})`
    : `The embedded PostgreSQL in ${config.dataDir} (CAIRN_DATA_DIR)`;

/** A listen failure as a sentence: the port is taken, privileged, or HOST is not this machine's. */
function listenError(error: unknown, config: Config): unknown {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return new StartupError(
        `Port ${config.PORT} (PORT) is already in use on ${config.HOST}: stop the program using it, or set PORT to a free port.`,
      );
    case 'EACCES':
      return new StartupError(
        `Listening on port ${config.PORT} (PORT) needs privileges this user does not have: use a port above 1023 behind a reverse proxy.`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(
        `HOST=${config.HOST} is not an address of this machine: set HOST to 0.0.0.0, 127.0.0.1 or one of its addresses.`,
      );
    default:
      return error;
  }
}

/**
 * Boots the gateway: database (embedded by default), migrations, worker schema, rate sources, chain
 * adapters, job workers and the HTTP app. `stop()` shuts down in reverse order (SIGTERM path).
 */
export async function startGateway(options: StartOptions): Promise<RunningGateway> {
  let { config } = options;
  const log = options.log ?? createLogger(config.CAIRN_LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  // What has been started, to stop in reverse order: on stop(), or at once when a later step fails.
  const started: { name: string; stop: () => unknown }[] = [];
  const stopAll = async () => {
    for (const part of started.splice(0).reverse()) {
      try {
        await part.stop();
      } catch (error) {
        log.error({ err: error, part: part.name }, 'stopping failed');
      }
    }
  };
  try {
    const existingOnly = options.existingDatabase ?? false;
    const database = await resolveDatabase(config, log, { existingOnly });
    const { embedded } = database;
    if (embedded) started.push({ name: 'embedded PostgreSQL', stop: () => embedded.stop() });
    const orm = await createOrm(database.url, { log });
    started.push({ name: 'database pool', stop: () => orm.close(true) });
    if (existingOnly) {
      await checkMigrated(orm, describeDatabase(config));
    } else {
      const applied = await migrate(orm);
      if (applied.length > 0) log.info({ applied }, 'migrations applied');
    }
    await migrateWorkerSchema(database.url, log);

    let devChainRecord: DevChainRecord | undefined;
    if (options.devChain === 'start' && wantsDevChain(config)) {
      const devChain = await startDevChain(config.dataDir, log);
      started.push({ name: 'dev chain', stop: () => devChain.stop() });
      config = withDevChain(config, devChain.record);
      devChainRecord = devChain.record;
    } else if (options.devChain === 'attach') {
      config = await attachDevChain(config);
    }
    const chains = createChainRegistry(config.enabledChains, log, config.chains);
    const chainAvailability = createChainAvailability({
      orm,
      config,
      clock,
      registry: chains,
      log,
      ...(options.testOnlyWatchedChains ? { testOnlyWatched: options.testOnlyWatchedChains } : {}),
      // Operator commands (no HTTP server) need not hear which chains are offered.
      announce: options.listen ?? true,
    });
    const gateway: Gateway = {
      orm,
      config,
      clock,
      log,
      chains,
      chainAvailability,
      rates: createRateProviders(config, clock, log),
      // Invoices follow the payments that pay them (the payments module imports no invoice code).
      paymentFollowers: [followInvoicePayment],
    };
    await chainAvailability.refresh();
    chainAvailability.start();
    started.push({ name: 'chain availability', stop: () => chainAvailability.stop() });

    // Created before the app so that webhook delivery, which starts first, reports on the same /metrics.
    const metrics = createMetrics();
    let runner: Runner | undefined;
    let webhooks: WebhookDispatcher | undefined;
    if (options.workers ?? true) {
      const workers = await startWorkers(gateway, database.url);
      runner = workers;
      started.push({ name: 'workers', stop: () => workers.stop() });
      const dispatcher = await startWebhookDelivery(gateway, database.url, { registry: metrics.registry });
      webhooks = dispatcher;
      started.push({ name: 'webhook delivery', stop: () => dispatcher.stop() });
    }
    const redis = config.REDIS_URL
      ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) started.push({ name: 'redis', stop: () => redis.disconnect() });
    let chainWatchers: ChainWatchers | undefined;
    let settlers: ForwarderSettlers | undefined;
    const app = await buildApp(gateway, {
      workersReady: () => (runner !== undefined && (webhooks?.running ?? false)) || options.workers === false,
      chainWatchers: () => chainWatchers?.statuses() ?? [],
      ...(redis ? { redis } : {}),
      ...(devChainRecord ? { devChain: devChainRecord } : {}),
      metrics,
    });
    started.push({
      name: 'http',
      stop: async () => {
        // In-flight requests get a grace period; a connection still open after it (a client that
        // never finished reading, say) must not hold the shutdown forever.
        const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        await app.close();
        clearTimeout(force);
      },
    });

    let chainChecks: ChainChecks | undefined;
    if (options.watchers ?? true) {
      // Before the watchers: a chain whose node serves another network is neither watched nor offered.
      const checks = await startChainChecks(gateway, {
        onWrongNetwork: (chainId) => void chainWatchers?.stopChain(chainId),
      });
      chainChecks = checks;
      started.push({ name: 'chain checks', stop: () => checks.stop() });
      const watchers = startChainWatchers(gateway, {
        databaseUrl: database.url,
        registry: app.metrics.registry,
        skip: (chainId) => checks.wrongNetwork(chainId),
      });
      chainWatchers = watchers;
      started.push({ name: 'chain watchers', stop: () => watchers.stop() });
      const forwarderSettlers = startForwarderSettlers(gateway, {
        databaseUrl: database.url,
        facts: gatewayEvmFacts(gateway),
        skip: (chainId) => checks.wrongNetwork(chainId),
      });
      settlers = forwarderSettlers;
      registerSettlementMetrics(app.metrics.registry, () => forwarderSettlers.statuses());
      started.push({ name: 'forwarder settlers', stop: () => forwarderSettlers.stop() });
    }

    let address: string | undefined;
    if (options.listen ?? true) {
      try {
        address = await app.listen({ port: config.PORT, host: config.HOST });
      } catch (error) {
        throw listenError(error, config);
      }
    }

    return {
      gateway,
      app,
      databaseUrl: database.url,
      ...(address ? { address } : {}),
      ...(chainWatchers ? { chainWatchers } : {}),
      ...(chainChecks ? { chainChecks } : {}),
      ...(settlers ? { settlers } : {}),
      ...(devChainRecord ? { devChain: devChainRecord } : {}),
      ...(webhooks ? { webhooks } : {}),
      // Reverse order of start: watchers, HTTP (with its grace), Redis, webhook delivery, workers, chain
      // availability, the pool, then the embedded PostgreSQL.
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
