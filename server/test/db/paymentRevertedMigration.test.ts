import { PAYMENT_EVENT_NAMES } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/platform/db/createOrm.js';
import { useMigrationDatabase } from '../harness/useMigrationDatabase.js';

// Migration20261127130000_paymentReverted on a database with endpoints: those subscribed to every
// payment event there was get payment.reverted; those that chose their events keep their choice.

const BEFORE = 'Migration20261127120000_passkeys';
const OLD_PAYMENT_EVENTS = PAYMENT_EVENT_NAMES.filter((e) => e !== 'payment.reverted');

describe('migration 20261127130000_paymentReverted', () => {
  const { orm, sql, insertWebhookEndpoint } = useMigrationDatabase();

  it('subscribes endpoints that had every payment event to payment.reverted, and no other', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('Migration20261127130000_paymentReverted')).toBe(names.indexOf(BEFORE) + 1);
    await orm().getMigrator().up({ to: BEFORE });
    await sql('set session_replication_role = replica');
    const every = await insertWebhookEndpoint(OLD_PAYMENT_EVENTS);
    const everyAndInvoices = await insertWebhookEndpoint([...OLD_PAYMENT_EVENTS, 'invoice.paid']);
    const chosen = await insertWebhookEndpoint(['payment.confirmed', 'payment.expired_reorged']);
    const allButOne = await insertWebhookEndpoint(
      OLD_PAYMENT_EVENTS.filter((e) => e !== 'payment.received_after_close'),
    );
    await sql('set session_replication_role = origin');

    // Only up to this migration: a later one updating the same endpoints in the same transaction would
    // make PostgreSQL re-check their (fake) API keys.
    const ran = await orm().getMigrator().up({ to: 'Migration20261127130000_paymentReverted' });
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
    await orm().getMigrator().down({ to: 'Migration20261127130000_paymentReverted' });
    expect(await events(every)).toEqual(OLD_PAYMENT_EVENTS);
    expect(await events(everyAndInvoices)).toEqual([...OLD_PAYMENT_EVENTS, 'invoice.paid']);
    await orm().getMigrator().up({ to: 'Migration20261127130000_paymentReverted' });
    expect(await events(every)).toEqual([...OLD_PAYMENT_EVENTS, 'payment.reverted']);
  });
});
