import type { FastifyBaseLogger } from 'fastify';
import { Logger, type Runner, run, runMigrations } from 'graphile-worker';
import type { Gateway } from '../gateway.js';
import { PAYMENT_TIMER_TASK } from '../payments/jobs.js';
import {
  PRUNE_WEBHOOK_DELIVERIES_TASK,
  pruneWebhookDeliveriesTask,
} from '../webhooks/pruneWebhookDeliveriesTask.js';
import { paymentTimerTask } from './paymentTimerTask.js';
import { pruneIdempotencyKeysTask } from './pruneIdempotencyKeysTask.js';

/** graphile-worker's log lines, through the gateway's pino logger. */
export function workerLogger(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const method =
      level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'info' ? 'info' : 'debug';
    log[method]({ worker: scope, ...meta }, message);
  });
}

/** Installs graphile-worker's schema (jobs are enqueued by the API in its own transactions). */
export async function migrateWorkerSchema(connectionString: string, log: FastifyBaseLogger): Promise<void> {
  await runMigrations({ connectionString, logger: workerLogger(log) });
}

/** Starts the job workers: payment timers and housekeeping. */
export async function startWorkers(gateway: Gateway, connectionString: string): Promise<Runner> {
  return run({
    connectionString,
    concurrency: gateway.config.CAIRN_WORKER_CONCURRENCY,
    noHandleSignals: true,
    logger: workerLogger(gateway.log),
    pollInterval: 1000,
    taskList: {
      [PAYMENT_TIMER_TASK]: paymentTimerTask(gateway),
      prune_idempotency_keys: pruneIdempotencyKeysTask(gateway),
      [PRUNE_WEBHOOK_DELIVERIES_TASK]: pruneWebhookDeliveriesTask(gateway),
    },
    crontab: ['0 * * * * prune_idempotency_keys', `30 * * * * ${PRUNE_WEBHOOK_DELIVERIES_TASK}`].join('\n'),
  });
}
