import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { removeEmbeddedDataDir } from '../src/platform/db/embedded/removeEmbeddedDataDir.js';
import { DELIVERY_CHANNEL } from '../src/workers/webhookDelivery/listenForDeliveries.js';
import { freePort } from './support.js';

// Shared by the detection latency benches (regtest and anvil): the outbox commit probe, a fresh
// database, and the summaries they print.

/**
 * The outbox commit probe: the outbox trigger notifies `DELIVERY_CHANNEL` in the transaction that
 * writes an event, so the notification arrives when that transaction commits. `commitAfter` answers
 * the time of the first notification at or after `since` after which the payment's event row exists.
 */
export async function startOutboxProbe(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const notified: number[] = [];
  client.on('notification', () => notified.push(Date.now()));
  await client.query(`listen ${DELIVERY_CHANNEL}`);
  return {
    async commitAfter(since: number, paymentId: string, event: string): Promise<number> {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from outbox_events where payment_id = $1 and event = $2',
        [paymentId, event],
      );
      if (rows[0]?.n !== '1')
        throw new Error(`expected one ${event} row of ${paymentId}, found ${rows[0]?.n}`);
      const after = notified.filter((at) => at >= since);
      // One payment is measured at a time and nothing else writes events meanwhile (the bench waits
      // for earlier deliveries), so the first notification after sendtoaddress is this event's.
      if (after.length === 0) throw new Error(`no outbox notification after the send for ${paymentId}`);
      notified.length = 0;
      return after[0]!;
    },
    close: () => client.end(),
  };
}

export async function freshDatabase(): Promise<{ url: string; kind: string; drop(): Promise<void> }> {
  let admin = process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let kind = 'DATABASE_URL';
  if (!admin) {
    const { startEmbeddedPostgres } = await import('../src/platform/db/startEmbeddedPostgres.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' });
    admin = embedded.url;
    kind = 'embedded PostgreSQL (temp dir)';
    stopEmbedded = async () => {
      await embedded.stop();
      removeEmbeddedDataDir(dataDir);
    };
  }
  const name = `cairn_bench_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind,
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await stopEmbedded?.();
    },
  };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export const summary = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    min: sorted[0]!,
    max: sorted.at(-1)!,
  };
};

export const line = (label: string, values: readonly number[]) => {
  const s = summary(values);
  return `  ${label.padEnd(58)} p50 ${String(s.p50).padStart(5)} ms   p90 ${String(s.p90).padStart(5)} ms   min ${String(s.min).padStart(5)} ms   max ${String(s.max).padStart(5)} ms`;
};

/** Waits (30 s at most) until the chain is offered to payments: its watcher's first sync is reported. */
export async function waitUntilOffered(
  availability: { isOffered(chainId: string): boolean },
  chainId: string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!availability.isOffered(chainId)) {
    if (Date.now() > deadline) throw new Error(`${chainId} was not offered to payments within 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
