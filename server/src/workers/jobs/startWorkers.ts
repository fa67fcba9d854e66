import type { FastifyBaseLogger } from 'fastify';
import { Logger, type Runner, run, runMigrations } from 'graphile-worker';
import pg from 'pg';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { INVOICE_REMINDER_TASK } from '../../domain/invoices/invoiceReminders.js';
import { SEND_MAIL_TASK } from '../../domain/mail/mailJobs.js';
import { PAYMENT_TIMER_TASK } from '../../domain/payments/jobs.js';
import { DATABASE_TIMEOUTS } from '../../platform/db/databaseTimeouts.js';
import { FORGET_LINK_ADDRESSES_TASK, forgetLinkAddressesTask } from './forgetLinkAddressesTask.js';
import { invoiceReminderTask } from './invoiceReminderTask.js';
import { paymentTimerTask } from './paymentTimerTask.js';
import { PRUNE_ACCOUNT_RECORDS_TASK, pruneAccountRecordsTask } from './pruneAccountRecordsTask.js';
import { pruneIdempotencyKeysTask } from './pruneIdempotencyKeysTask.js';
import { PRUNE_WEBHOOK_DELIVERIES_TASK, pruneWebhookDeliveriesTask } from './pruneWebhookDeliveriesTask.js';
import { sendMailTask } from './sendMailTask.js';

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

/**
 * Starts the job workers: payment timers and housekeeping. They get their own pool (graphile-worker's
 * default size, 10) with a bounded connect, so that while the database does not answer, their polls,
 * cron and LISTEN reconnects fail and retry within seconds instead of waiting on a connect for as long
 * as the operating system does; `stop()` ends it after the runner.
 */
export async function startWorkers(gateway: Gateway, connectionString: string): Promise<Runner> {
  const pool = new pg.Pool({
    connectionString,
    application_name: 'cairn job workers',
    max: 10,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveInitialDelayMs,
  });
  // Connection errors surface as failed queries, which graphile-worker retries; idle connections
  // that die (the database restarted) must not crash the process.
  const onError = (error: Error) => gateway.log.warn({ err: error }, 'job worker connection failed');
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  let runner: Runner;
  try {
    runner = await startRunner(gateway, pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const stopRunner = runner.stop;
  runner.stop = async (reason) => {
    try {
      await stopRunner(reason);
    } finally {
      await pool.end().catch(() => {});
    }
  };
  return runner;
}

function startRunner(gateway: Gateway, pgPool: pg.Pool): Promise<Runner> {
  return run({
    pgPool,
    concurrency: gateway.config.CAIRN_WORKER_CONCURRENCY,
    noHandleSignals: true,
    logger: workerLogger(gateway.log),
    pollInterval: 1000,
    taskList: {
      [PAYMENT_TIMER_TASK]: paymentTimerTask(gateway),
      [INVOICE_REMINDER_TASK]: invoiceReminderTask(gateway),
      prune_idempotency_keys: pruneIdempotencyKeysTask(gateway),
      [PRUNE_WEBHOOK_DELIVERIES_TASK]: pruneWebhookDeliveriesTask(gateway),
      [SEND_MAIL_TASK]: sendMailTask(gateway),
      [PRUNE_ACCOUNT_RECORDS_TASK]: pruneAccountRecordsTask(gateway),
      [FORGET_LINK_ADDRESSES_TASK]: forgetLinkAddressesTask(gateway),
    },
    crontab: [
      '0 * * * * prune_idempotency_keys',
      `30 * * * * ${PRUNE_WEBHOOK_DELIVERIES_TASK}`,
      `45 * * * * ${PRUNE_ACCOUNT_RECORDS_TASK}`,
      `15 * * * * ${FORGET_LINK_ADDRESSES_TASK}`,
    ].join('\n'),
  });
}
