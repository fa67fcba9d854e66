import { parseArgs } from 'node:util';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createWebhookContext } from '../../domain/webhooks/createWebhookContext.js';
import type { DeliveryStatus } from '../../domain/webhooks/deliveryTypes.js';
import { type DeliveryLogEntry, listDeliveries } from '../../domain/webhooks/listDeliveries.js';
import { redeliverWebhook } from '../../domain/webhooks/redeliverWebhook.js';
import { rotateWebhookSecret } from '../../domain/webhooks/rotateWebhookSecret.js';
import { sendTestWebhook } from '../../domain/webhooks/sendTestWebhook.js';
import { setWebhookEndpoint } from '../../domain/webhooks/setWebhookEndpoint.js';
import { parseEventList } from '../../domain/webhooks/webhookEventNames.js';
import type { Config } from '../../platform/config/loadConfig.js';
import { systemClock } from '../../platform/runtime/clock.js';
import { createWebhookDispatcher } from '../../workers/webhookDelivery/createWebhookDispatcher.js';

/** The webhook commands of the operator CLI. */
export const WEBHOOK_COMMANDS = [
  'webhooks:set',
  'webhooks:rotate-secret',
  'webhooks:send-test',
  'webhooks:deliveries',
  'webhooks:redeliver',
] as const;

/** Usage lines for the CLI's help. */
export const WEBHOOK_USAGE = `  webhooks:set --key <key id> --url <url> [--events NAME|payment.*|invoice.*|all,...] [--ips IP|CIDR,...]
  webhooks:rotate-secret --key <key id>
  webhooks:send-test --key <key id>
  webhooks:deliveries [--key <key id>] [--status pending|delivered|failed|exhausted] [--payment <id>] [--limit N] [--json]
  webhooks:redeliver <delivery id>`;

/** A webhook command was called wrongly (the CLI prints usage and exits 2). */
export class WebhookUsageError extends Error {
  override readonly name = 'WebhookUsageError';
}

const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed', 'exhausted'];
const csv = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const iso = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());

/** The delivery log as a plain-text table. */
function deliveryTable(rows: readonly DeliveryLogEntry[]): string {
  const header = ['delivery', 'created', 'event', 'status', 'attempts', 'code', 'error', 'ms', 'next retry'];
  const lines = rows.map((r) => [
    r.id,
    iso(r.created_at),
    r.event,
    r.status,
    String(r.attempts),
    r.last_status_code === null ? '' : String(r.last_status_code),
    r.last_error_class ?? '',
    r.last_latency_ms === null ? '' : String(r.last_latency_ms),
    r.status === 'pending' && r.next_attempt_at === null ? 'after an earlier event' : iso(r.next_attempt_at),
  ]);
  const all = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...all.map((line) => line[column]!.length)));
  return all
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * Sends one delivery now through the delivery pipeline (or, when a running gateway claimed it first,
 * waits for that attempt) and returns its log entry.
 */
async function deliverNow(orm: MikroORM, config: Config, deliveryId: string): Promise<DeliveryLogEntry> {
  const context = createWebhookContext(orm.em.fork(), systemClock, config);
  const dispatcher = createWebhookDispatcher({
    databaseUrl: orm.config.get('clientUrl') as string,
    clock: systemClock,
    log: { info: () => {}, warn: () => {}, error: (obj, msg) => console.error(msg ?? '', obj) },
    cipher: context.cipher,
    allowPrivateFlag: config.CAIRN_ALLOW_PRIVATE_WEBHOOKS,
    concurrency: 1,
    leaseSeconds: config.CAIRN_WEBHOOK_LEASE_SECONDS,
    pollIntervalMs: config.CAIRN_WEBHOOK_POLL_MS,
  });
  try {
    const deadline = Date.now() + 45_000;
    await dispatcher.deliverDue({ ids: [deliveryId] });
    for (;;) {
      const [entry] = await listDeliveries(orm.em.fork(), { deliveryId });
      if (!entry) throw new Error(`delivery ${deliveryId} disappeared`);
      if (entry.attempts > 0 || entry.last_error_class !== null || Date.now() > deadline) return entry;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await dispatcher.stop(0);
  }
}

const attemptSummary = (entry: DeliveryLogEntry) => ({
  delivery_id: entry.id,
  event_id: entry.event_id,
  event: entry.event,
  url: entry.url,
  status: entry.status,
  attempts: entry.attempts,
  status_code: entry.last_status_code,
  error_class: entry.last_error_class,
  error: entry.last_error,
  latency_ms: entry.last_latency_ms,
  next_attempt_at: entry.next_attempt_at === null ? null : iso(entry.next_attempt_at),
});

/**
 * Runs one `webhooks:*` CLI command against the database and prints its result (JSON, or a table for
 * `webhooks:deliveries` without `--json`). Returns the exit code: 0, or 1 when a sent delivery did not
 * succeed.
 *
 * @throws {WebhookUsageError} on missing or malformed arguments; WebhookError on invalid settings.
 */
export async function runWebhookCommand(
  command: (typeof WEBHOOK_COMMANDS)[number],
  args: string[],
  orm: MikroORM,
  config: Config,
): Promise<number> {
  const warn = (message: string) => console.error(`warning: ${message}`);
  switch (command) {
    case 'webhooks:set': {
      const { values } = parseArgs({
        args,
        options: {
          key: { type: 'string' },
          url: { type: 'string' },
          events: { type: 'string' },
          ips: { type: 'string' },
        },
      });
      if (!values.key || !values.url)
        throw new WebhookUsageError('webhooks:set needs --key <key id> --url <url>');
      const context = createWebhookContext(orm.em.fork(), systemClock, config, { warn });
      const result = await setWebhookEndpoint(context, {
        apiKeyId: values.key,
        url: values.url,
        ...(values.events !== undefined ? { events: parseEventList(values.events) } : {}),
        ...(values.ips !== undefined ? { allowedIps: csv(values.ips) } : {}),
      });
      for (const warning of result.warnings) warn(warning);
      const { endpoint } = result;
      console.log(
        JSON.stringify({
          endpoint_id: endpoint.id,
          api_key_id: endpoint.apiKeyId,
          mode: endpoint.mode,
          url: endpoint.url,
          events: endpoint.events,
          allowed_ips: endpoint.allowedIps,
          created: result.created,
          ...(result.secret ? { secret: result.secret } : {}),
        }),
      );
      if (result.secret)
        console.error('The secret is shown once: store it now (webhooks:rotate-secret makes a new one).');
      return 0;
    }
    case 'webhooks:rotate-secret': {
      const { values } = parseArgs({ args, options: { key: { type: 'string' } } });
      if (!values.key) throw new WebhookUsageError('webhooks:rotate-secret needs --key <key id>');
      const context = createWebhookContext(orm.em.fork(), systemClock, config, { warn });
      const { secret, previousValidUntil } = await rotateWebhookSecret(context, values.key);
      console.log(
        JSON.stringify({
          api_key_id: values.key,
          secret,
          previous_secret_valid_until: iso(previousValidUntil),
        }),
      );
      return 0;
    }
    case 'webhooks:send-test': {
      const { values } = parseArgs({ args, options: { key: { type: 'string' } } });
      if (!values.key) throw new WebhookUsageError('webhooks:send-test needs --key <key id>');
      const { deliveryId } = await sendTestWebhook(orm.em.fork(), systemClock, values.key);
      const entry = await deliverNow(orm, config, deliveryId);
      console.log(JSON.stringify(attemptSummary(entry)));
      return entry.status === 'delivered' ? 0 : 1;
    }
    case 'webhooks:deliveries': {
      const { values } = parseArgs({
        args,
        options: {
          key: { type: 'string' },
          status: { type: 'string' },
          payment: { type: 'string' },
          limit: { type: 'string' },
          json: { type: 'boolean', default: false },
        },
      });
      if (values.status !== undefined && !STATUSES.includes(values.status as DeliveryStatus))
        throw new WebhookUsageError(`--status must be one of ${STATUSES.join(', ')}`);
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new WebhookUsageError('--limit must be a whole number from 1 to 1000');
      const rows = await listDeliveries(orm.em.fork(), {
        ...(values.key ? { apiKeyId: values.key } : {}),
        ...(values.status ? { status: values.status as DeliveryStatus } : {}),
        ...(values.payment ? { paymentId: values.payment } : {}),
        limit,
      });
      if (values.json) console.log(JSON.stringify(rows));
      else console.log(rows.length ? deliveryTable(rows) : 'No deliveries.');
      return 0;
    }
    case 'webhooks:redeliver': {
      const id = args[0];
      if (!id) throw new WebhookUsageError('webhooks:redeliver needs a delivery id');
      const newId = await redeliverWebhook(orm.em.fork(), systemClock, id);
      const entry = await deliverNow(orm, config, newId);
      console.log(JSON.stringify({ ...attemptSummary(entry), redelivery_of: id }));
      return entry.status === 'delivered' ? 0 : 1;
    }
  }
}
