import { type Runner, run, runMigrations } from 'graphile-worker';
import type { Gateway } from '../gateway.js';
import { PAYMENT_TIMER_TASK } from '../payments/jobs.js';
import { paymentTimerTask } from './paymentTimerTask.js';
import { pruneIdempotencyKeysTask } from './pruneIdempotencyKeysTask.js';

/** Installs graphile-worker's schema (jobs are enqueued by the API in its own transactions). */
export async function migrateWorkerSchema(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: undefined });
}

/** Starts the job workers: payment timers and housekeeping. */
export async function startWorkers(gateway: Gateway, connectionString: string): Promise<Runner> {
  return run({
    connectionString,
    concurrency: gateway.config.CAIRN_WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList: {
      [PAYMENT_TIMER_TASK]: paymentTimerTask(gateway),
      prune_idempotency_keys: pruneIdempotencyKeysTask(gateway),
    },
    crontab: '0 * * * * prune_idempotency_keys',
  });
}
