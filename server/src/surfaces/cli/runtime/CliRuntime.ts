import type { DevChainRecord } from '../../../chains/devChain/devChainRecord.js';
import type { WatcherStatus } from '../../../chains/watchers/ChainWatcher.js';
import type { Gateway } from '../../../domain/gateway/Gateway.js';
import type { Config } from '../../../platform/config/loadConfig.js';

/** How much an operator command logs (to stderr). */
export type LogLevel = Config['CAIRN_LOG_LEVEL'];

/** The gateway `cairn start` runs: HTTP server, workers, chain watchers, perhaps the local dev chain. */
export interface ServingGateway {
  readonly gateway: Gateway;
  /** The address the HTTP server listens on. */
  readonly address?: string;
  /** The local dev chain it started (CAIRN_DEV_CHAIN), if any. */
  readonly devChain?: DevChainRecord;
  /** Its chain watchers (none when no enabled chain has a node). */
  readonly chainWatchers?: { statuses(): WatcherStatus[] };
  /** Shuts down in order: HTTP (drained), watchers, workers, the database. */
  stop(): Promise<void>;
}

/** A gateway booted for one operator command: no HTTP server, workers or chain watchers. */
export interface OperatorGateway {
  readonly gateway: Gateway;
  /** The database URL, for the webhook delivery pipeline the webhook commands run once. */
  readonly databaseUrl: string;
  stop(): Promise<void>;
}

/** How an operator command wants its gateway. */
export interface OperatorGatewayOptions {
  readonly config: Config;
  /** What its logger (on stderr, so stdout stays the command's output) lets through. */
  readonly logLevel: LogLevel;
  /** Use the local dev chain a running `cairn start` recorded (its ETH_LOCAL settings). */
  readonly attachDevChain?: boolean;
}

/**
 * What the CLI needs from the composition root (`app/main.ts` wires it): the CLI starts nothing and
 * opens no database itself.
 */
export interface CliRuntime {
  /** `cairn start`: the whole gateway, listening on HOST:PORT, with the dev chain when wanted. */
  startGateway(config: Config): Promise<ServingGateway>;
  /** The gateway of one operator command (database migrated, chains registered). */
  bootOperatorGateway(options: OperatorGatewayOptions): Promise<OperatorGateway>;
  /** `cairn migrate`: applies pending migrations (and the job queue's schema); returns the applied ones. */
  migrateDatabase(config: Config): Promise<readonly string[]>;
}
