import type { Invoice, PaymentStatus } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../db/inTransaction.js';
import type { Gateway } from '../gateway.js';
import { cancelPayment } from '../payments/cancelPayment.js';
import { lockPayment, type PaymentScope } from '../payments/lockPayment.js';
import { findInvoiceRow, invoiceNotFound } from './findInvoice.js';
import { cancelReminders } from './invoiceReminders.js';
import { serializeInvoice } from './invoiceRow.js';
import { invalidInvoiceState } from './sendInvoice.js';
import { updateInvoice } from './updateInvoice.js';

/** Payment statuses an invoice can be voided with: nothing received, and none can arrive unnoticed. */
const CANCELLABLE: readonly PaymentStatus[] = ['pending', 'awaiting_payment'];
const NOTHING_RECEIVED: readonly PaymentStatus[] = ['cancelled', 'failed'];

/**
 * POST /api/v1/invoices/{id}/void: a draft or open invoice stops taking payment and reminders; its
 * payment, when not yet paid, is cancelled in the same transaction. Refused (409) once its payment
 * has seen funds, or when it expired (a late transfer could still revive it: cancel is not possible
 * then, so it can be voided once the late grace has ended). Locks the payment before the invoice, the
 * order the lifecycle takes them in when a payment of an invoice changes.
 */
export async function voidInvoice(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  tx?: EntityManager,
): Promise<Invoice> {
  return inTransaction(gateway.orm, tx, async (em) => {
    const peek = await findInvoiceRow(em, scope, id);
    if (!peek) throw invoiceNotFound(id);
    const payment = peek.payment_id ? await lockPayment(em, scope, peek.payment_id) : undefined;
    const row = (await findInvoiceRow(em, scope, id, true))!;
    if (row.payment_id !== peek.payment_id) {
      // A Pay press replaced the payment between the two reads: the caller retries.
      throw invalidInvoiceState(`Invoice ${row.number} changed while it was voided; try again.`);
    }
    if (row.status === 'void') return serializeInvoice(gateway.config, row, gateway.clock.now());
    if (row.status !== 'draft' && row.status !== 'open') {
      throw invalidInvoiceState(`Invoice ${row.number} is ${row.status}; it cannot be voided.`);
    }
    const now = gateway.clock.now();
    const graceOver = payment?.status === 'expired' && payment.lateGraceEndsAt.getTime() <= now.getTime();
    if (
      payment &&
      !CANCELLABLE.includes(payment.status) &&
      !NOTHING_RECEIVED.includes(payment.status) &&
      !graceOver
    ) {
      throw invalidInvoiceState(
        `The payment of invoice ${row.number} is ${payment.status}: ${
          payment.status === 'expired'
            ? 'a late transfer could still revive it, so the invoice cannot be voided until its late grace ends'
            : 'it has received funds; refund it before voiding the invoice'
        }.`,
      );
    }
    if (payment && CANCELLABLE.includes(payment.status)) {
      await cancelPayment(gateway, scope, payment.id, 'merchant', em);
    }
    await updateInvoice(em, row, { status: 'void', voided_at: now }, now);
    await cancelReminders(em, row.id);
    return serializeInvoice(gateway.config, row, now);
  });
}
