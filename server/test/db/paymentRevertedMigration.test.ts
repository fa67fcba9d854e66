import { randomUUID } from 'node:crypto';
import { PAYMENT_EVENT_NAMES } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, MIGRATIONS } from '../../src/platform/db/createOrm.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';

// Migration20261127130000_paymentReverted on a database with endpoints: those subscribed to every
// payment event there was get payment.reverted; those that chose their events keep their choice.

const BEFORE = 'Migration20261127120000_passkeys';
const OLD_PAYMENT_EVENTS = PAYMENT_EVENT_NAMES.filter((e) => e !== 'payment.reverted');

describe('migration 20261127130000_paymentReverted', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    orm.em.getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await createOrm(db.url, { poolMax: 1 });
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  it('subscribes endpoints that had every payment event to payment.reverted, and no other', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('Migration20261127130000_paymentReverted')).toBe(names.indexOf(BEFORE) + 1);
    await orm.getMigrator().up({ to: BEFORE });
    const now = new Date().toISOString();
    const endpoint = async (events: readonly string[]) => {
      const id = randomUUID();
      await sql(
        `insert into webhook_endpoints (id, api_key_id, business_id, mode, url, events, secret_sealed, created_at, updated_at)
         values (?, ?, ?, 'test', 'https://shop.example/hooks', ?::text[], 'sealed', ?, ?)`,
        [id, randomUUID(), randomUUID(), `{${events.join(',')}}`, now, now],
      );
      return id;
    };
    await sql('set session_replication_role = replica');
    const every = await endpoint(OLD_PAYMENT_EVENTS);
    const everyAndInvoices = await endpoint([...OLD_PAYMENT_EVENTS, 'invoice.paid']);
    const chosen = await endpoint(['payment.confirmed', 'payment.expired_reorged']);
    const allButOne = await endpoint(OLD_PAYMENT_EVENTS.filter((e) => e !== 'payment.received_after_close'));
    await sql('set session_replication_role = origin');

    // Only up to this migration: a later one updating the same endpoints in the same transaction would
    // make PostgreSQL re-check their (fake) API keys.
    const ran = await orm.getMigrator().up({ to: 'Migration20261127130000_paymentReverted' });
    expect(ran.map((m) => m.name)).toContain('Migration20261127130000_paymentReverted');
    const events = async (id: string) =>
      (await sql<{ events: string[] }>('select events from webhook_endpoints where id = ?', [id]))[0]!.events;
    expect(await events(every)).toEqual([...OLD_PAYMENT_EVENTS, 'payment.reverted']);
    expect(await events(everyAndInvoices)).toEqual([
      ...OLD_PAYMENT_EVENTS,
      'invoice.paid',
      'payment.reverted',
    ]);
    expect(await events(chosen)).toEqual(['payment.confirmed', 'payment.expired_reorged']);
    expect(await events(allButOne)).not.toContain('payment.reverted');

    // down() takes the event off every endpoint again; up() puts it back where it was.
    await orm.getMigrator().down({ to: 'Migration20261127130000_paymentReverted' });
    expect(await events(every)).toEqual(OLD_PAYMENT_EVENTS);
    expect(await events(everyAndInvoices)).toEqual([...OLD_PAYMENT_EVENTS, 'invoice.paid']);
    await orm.getMigrator().up({ to: 'Migration20261127130000_paymentReverted' });
    expect(await events(every)).toEqual([...OLD_PAYMENT_EVENTS, 'payment.reverted']);
  });
});
