import { randomUUID } from 'node:crypto';
import { PAYMENT_EVENT_NAMES } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/platform/db/createOrm.js';
import { useMigrationDatabase } from '../harness/useMigrationDatabase.js';

// Migration20261123010000_closedFunds on a database that already holds data: transfers of closed
// payments marked held where the status accounts for them, default-subscribed endpoints given the new
// event. Rows are written straight in SQL at the previous schema, foreign keys off
// (session_replication_role = replica), with only the columns these statements read.

const BEFORE = 'Migration20261121060000_webhookDeliveriesFillfactor';
const SPEC_PAYMENT_EVENTS = PAYMENT_EVENT_NAMES.filter(
  (e) => e !== 'payment.received_after_close' && e !== 'payment.reverted',
);
const THIS = 'Migration20261123010000_closedFunds';

describe('migration 20261123010000_closedFunds', () => {
  const { orm, sql, insertWebhookEndpoint } = useMigrationDatabase();

  it('marks held what closed payments account for and subscribes default endpoints to the new event', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('Migration20261123010000_closedFunds')).toBe(names.indexOf(BEFORE) + 1);
    await orm().getMigrator().up({ to: BEFORE });

    const now = new Date().toISOString();
    const payment = async (status: string) => {
      const id = randomUUID();
      await sql(
        `insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
           underpayment_tolerance_bps, overpayment_threshold_bps, expires_at, late_grace_ends_at, created_at, updated_at)
         values (?, ?, ?, 'test', ?, 10, 'USD', 50, 100, ?, ?, ?, ?)`,
        [id, randomUUID(), randomUUID(), status, now, now, now, now],
      );
      return id;
    };
    const transfer = async (paymentId: string, removed = false) => {
      const id = randomUUID();
      await sql(
        `insert into transfers (id, payment_id, chain_id, coin_symbol, tx_id, output_index, amount, confirmations,
           removed, detected_at, updated_at)
         values (?, ?, 'LTC_REGTEST', 'LTC', ?, 0, 1000, 6, ?, ?, ?)`,
        [id, paymentId, randomUUID(), removed, now, now],
      );
      return id;
    };

    await sql('set session_replication_role = replica');
    const held: string[] = [];
    for (const status of ['refund_requested', 'refunded', 'failed', 'expired_underpaid']) {
      held.push(await transfer(await payment(status)));
    }
    const removedOnRefunded = await transfer(await payment('refunded'), true);
    const late: string[] = [];
    for (const status of ['cancelled', 'expired', 'expired_reorged', 'confirmed', 'underpaid']) {
      late.push(await transfer(await payment(status)));
    }
    const everyPaymentEvent = await insertWebhookEndpoint(SPEC_PAYMENT_EVENTS);
    const everything = await insertWebhookEndpoint([...SPEC_PAYMENT_EVENTS, 'invoice.paid']);
    const someEvents = await insertWebhookEndpoint(['payment.confirmed', 'payment.cancelled']);
    await sql('set session_replication_role = origin');

    // This migration alone: later ones would update these rows again, and their foreign keys (off
    // above) are checked on a second update in the same transaction.
    const ran = await orm().getMigrator().up({ to: THIS });
    expect(ran.map((m) => m.name)).toEqual([THIS]);

    const closing = async (id: string) =>
      (await sql<{ closing: string | null }>('select closing from transfers where id = ?', [id]))[0]!.closing;
    for (const id of held) expect(await closing(id)).toBe('held');
    expect(await closing(removedOnRefunded)).toBeNull();
    for (const id of late) expect(await closing(id)).toBeNull();

    const events = async (id: string) =>
      (await sql<{ events: string[] }>('select events from webhook_endpoints where id = ?', [id]))[0]!.events;
    expect(await events(everyPaymentEvent)).toEqual([...SPEC_PAYMENT_EVENTS, 'payment.received_after_close']);
    expect(await events(everything)).toEqual([
      ...SPEC_PAYMENT_EVENTS,
      'invoice.paid',
      'payment.received_after_close',
    ]);
    expect(await events(someEvents)).toEqual(['payment.confirmed', 'payment.cancelled']);

    const [index] = await sql<{ def: string }>(
      `select pg_get_indexdef('payments_recyclable_idx'::regclass) as def`,
    );
    expect(index!.def).toContain("'cancelled'");
    const [refund] = await sql<{ dflt: string }>(
      `select column_default as dflt from information_schema.columns
        where table_name = 'refunds' and column_name = 'after_close'`,
    );
    expect(refund!.dflt).toBe('false');
  });
});
