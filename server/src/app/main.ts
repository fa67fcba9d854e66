/**
 * The process entry of `cairn` (`bin/cairn.js` runs the bundle of this file, `dist/cli.js`): wires what
 * the operator CLI's commands need (the gateway, booted with or without its HTTP server; the
 * migrations) and hands it to the CLI surface, which runs one command and says the exit code.
 */

import type { Config } from '../platform/config/loadConfig.js';
import { createOrm, migrate } from '../platform/db/createOrm.js';
import { runCli } from '../surfaces/cli/runCli.js';
import type {
  CliRuntime,
  OperatorGateway,
  OperatorGatewayOptions,
  ServingGateway,
} from '../surfaces/cli/runtime/CliRuntime.js';
import { migrateWorkerSchema } from '../workers/jobs/startWorkers.js';
import { createLogger, resolveDatabase, startGateway } from './startGateway.js';

/** `cairn start`: everything, listening on HOST:PORT, with the local dev chain when wanted. */
function startServingGateway(config: Config): Promise<ServingGateway> {
  return startGateway({ config, devChain: 'start' });
}

/** An operator command's gateway: no HTTP server, workers or watchers; logs on stderr. */
function bootOperatorGateway(options: OperatorGatewayOptions): Promise<OperatorGateway> {
  return startGateway({
    config: options.config,
    log: createLogger(options.logLevel, 'stderr'),
    listen: false,
    workers: false,
    watchers: false,
    // Only `start` and `migrate` create or migrate a database: a command pointed at the wrong data
    // directory or URL refuses instead of answering from a brand-new, empty one.
    existingDatabase: true,
    ...(options.attachDevChain ? { devChain: 'attach' } : {}),
  });
}

/** `cairn migrate`: the schema's migrations, then the job queue's; logs on stderr. */
async function migrateDatabase(config: Config): Promise<readonly string[]> {
  const log = createLogger(config.CAIRN_LOG_LEVEL, 'stderr');
  const database = await resolveDatabase(config, log);
  const orm = await createOrm(database.url, { log });
  try {
    const applied = await migrate(orm);
    await migrateWorkerSchema(database.url, log);
    return applied;
  } finally {
    await orm.close(true);
    await database.embedded?.stop();
  }
}

const runtime: CliRuntime = { startGateway: startServingGateway, bootOperatorGateway, migrateDatabase };

void runCli(process.argv.slice(2), runtime).then((code) => process.exit(code));
