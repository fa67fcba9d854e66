import type { PaymentStatus } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IPayment } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { EmittedEvent } from '../lifecycle/types.js';
import { findInvoiceRow } from './findInvoice.js';
import { cancelReminders, scheduleNextReminder } from './invoiceReminders.js';
import { updateInvoice } from './updateInvoice.js';
import { writeInvoiceEvent } from './writeInvoiceEvent.js';

/**
 * Moves the invoice a payment pays along with it, in the lifecycle's transaction (the payment is
 * locked; the invoice is locked after it): `payment.confirmed` makes it `paid` (even if it was voided
 * meanwhile: money that arrived is never ignored) and sends `invoice.paid`; `payment.refunded` of the
 * invoice's payment (an underpaid one, refunded at the customer's request: a confirmed payment is
 * final) makes it `refunded`, closed, and sends `invoice.refunded`; to ask again, issue a new invoice.
 * A reorg that takes the paying payment out of `confirmed` (`before`) reopens the invoice.
 */
export async function followInvoicePayment(
  gateway: Gateway,
  em: EntityManager,
  payment: IPayment,
  before: PaymentStatus,
  emitted: readonly EmittedEvent[],
): Promise<void> {
  if (!payment.invoiceId) return;
  const confirmed = emitted.some((e) => e.name === 'payment.confirmed');
  const refunded = emitted.some((e) => e.name === 'payment.refunded');
  const unconfirmed = before === 'confirmed' && payment.status !== 'confirmed';
  if (!confirmed && !refunded && !unconfirmed) return;
  const row = await findInvoiceRow(em, undefined, payment.invoiceId, true);
  if (!row) return;
  const now = gateway.clock.now();
  if (confirmed && (row.status === 'paid' || row.status === 'refunded')) {
    // Another payment of the invoice confirmed too (an expired one revived late while a new one was
    // paid): both are the merchant's money; the invoice keeps the first. Logged for the operator.
    gateway.log.warn(
      { invoiceId: row.id, paymentId: payment.id, paidWith: row.payment_id },
      'a second payment of a paid invoice confirmed: the customer paid twice; refund one',
    );
  } else if (confirmed) {
    await updateInvoice(em, row, { status: 'paid', paid_at: now, payment_id: payment.id }, now);
    await cancelReminders(em, row.id);
    await writeInvoiceEvent(gateway, em, row, 'invoice.paid');
  } else if (unconfirmed && row.status === 'paid' && row.payment_id === payment.id) {
    // A reorg took the paying transfer away: the invoice is open again (no invoice event exists
    // for it; the payment's own event, payment.expired_reorged or payment.reverted, says it).
    await updateInvoice(em, row, { status: 'open', paid_at: null }, now);
    await scheduleNextReminder(em, row);
    gateway.log.warn({ invoiceId: row.id, paymentId: payment.id }, 'a paid invoice reopened after a reorg');
  } else if (refunded && (row.status === 'paid' || row.status === 'open') && row.payment_id === payment.id) {
    await updateInvoice(em, row, { status: 'refunded', refunded_at: now }, now);
    await cancelReminders(em, row.id);
    await writeInvoiceEvent(gateway, em, row, 'invoice.refunded');
  }
}
