import type { EntityManager } from '@mikro-orm/postgresql';
import type { IPayment } from '../db/entities/index.js';
import type { Gateway } from '../gateway.js';
import type { EmittedEvent } from '../lifecycle/types.js';
import { findInvoiceRow } from './findInvoice.js';
import { cancelReminders } from './invoiceReminders.js';
import { updateInvoice } from './updateInvoice.js';
import { writeInvoiceEvent } from './writeInvoiceEvent.js';

/**
 * Moves the invoice a payment pays along with it, in the lifecycle's transaction (the payment is
 * locked; the invoice is locked after it): `payment.confirmed` makes it `paid` (even if it was voided
 * meanwhile: money that arrived is never ignored) and sends `invoice.paid`; `payment.refunded` of the
 * invoice's payment (an underpaid one, refunded at the customer's request: a confirmed payment is
 * final) makes it `refunded`, closed, and sends `invoice.refunded`; to ask again, issue a new invoice.
 */
export async function followInvoicePayment(
  gateway: Gateway,
  em: EntityManager,
  payment: IPayment,
  emitted: readonly EmittedEvent[],
): Promise<void> {
  if (!payment.invoiceId) return;
  const confirmed = emitted.some((e) => e.name === 'payment.confirmed');
  const refunded = emitted.some((e) => e.name === 'payment.refunded');
  if (!confirmed && !refunded) return;
  const row = await findInvoiceRow(em, undefined, payment.invoiceId, true);
  if (!row) return;
  const now = gateway.clock.now();
  if (confirmed && row.status !== 'paid' && row.status !== 'refunded') {
    await updateInvoice(em, row, { status: 'paid', paid_at: now, payment_id: payment.id }, now);
    await cancelReminders(em, row.id);
    await writeInvoiceEvent(gateway, em, row, 'invoice.paid');
  } else if (refunded && (row.status === 'paid' || row.status === 'open') && row.payment_id === payment.id) {
    await updateInvoice(em, row, { status: 'refunded', refunded_at: now }, now);
    await cancelReminders(em, row.id);
    await writeInvoiceEvent(gateway, em, row, 'invoice.refunded');
  }
}
