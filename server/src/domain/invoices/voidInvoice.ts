import type { Invoice, PaymentStatus } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IPayment } from '../../platform/db/entities/index.js';
import { inTransaction } from '../../platform/db/inTransaction.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import { cancelPayment } from '../payments/cancelPayment.js';
import { lockPayment, type PaymentScope } from '../payments/lockPayment.js';
import { findInvoiceRow, invoiceNotFound } from './findInvoice.js';
import { cancelReminders } from './invoiceReminders.js';
import { serializeInvoice } from './invoiceRow.js';
import { invalidInvoiceState } from './sendInvoice.js';
import { updateInvoice } from './updateInvoice.js';

/** Payments void cancels: nothing received yet. */
const CANCELLABLE: readonly PaymentStatus[] = ['pending', 'awaiting_payment'];
/** Payments that can no longer take or hold the recipient's money. */
const SETTLED: readonly PaymentStatus[] = ['cancelled', 'failed', 'expired_reorged', 'refunded'];

/** Why `payment` keeps the invoice from being voided at `now`, or undefined. */
function blocker(payment: IPayment, now: Date): string | undefined {
  if (CANCELLABLE.includes(payment.status) || SETTLED.includes(payment.status)) return undefined;
  if (payment.status === 'expired') {
    return payment.lateGraceEndsAt.getTime() <= now.getTime()
      ? undefined
      : `payment ${payment.id} expired, but a late transfer could still revive it until its late grace ends at ${payment.lateGraceEndsAt.toISOString()}; void the invoice after that`;
  }
  if (payment.status === 'payment_detected' || payment.status === 'confirming') {
    return `payment ${payment.id} is ${payment.status}: wait until it confirms or fails`;
  }
  if (payment.status === 'confirmed') return `payment ${payment.id} is confirmed`;
  return `payment ${payment.id} is ${payment.status}: it holds the recipient's funds; accept the shortfall or refund them first`;
}

/**
 * POST /api/v1/invoices/{id}/void: a draft or open invoice stops taking payment and reminders; its
 * payments that have received nothing are cancelled in the same transaction. Refused (409) while any
 * payment of the invoice (not only the latest: an earlier one may have been replaced by Pay) has seen
 * funds, or expired but could still be revived by a late transfer. Locks the invoice's payments (in
 * id order) before the invoice, the order the lifecycle takes them in when a payment changes; a Pay
 * press that made a new payment in between is seen and the whole check runs again.
 */
export async function voidInvoice(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  tx?: EntityManager,
): Promise<Invoice> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await inTransaction(gateway.orm, tx, async (em) => {
      const peek = await findInvoiceRow(em, scope, id);
      if (!peek) throw invoiceNotFound(id);
      const ids = await em
        .getConnection()
        .execute<{ id: string }[]>(
          'select id from payments where invoice_id = ? order by id',
          [id],
          'all',
          em.getTransactionContext(),
        );
      const payments: IPayment[] = [];
      for (const { id: paymentId } of ids) payments.push(await lockPayment(em, scope, paymentId));
      const row = (await findInvoiceRow(em, scope, id, true))!;
      const [{ count }] = (await em
        .getConnection()
        .execute<{ count: number }[]>(
          'select count(*)::int as count from payments where invoice_id = ?',
          [id],
          'all',
          em.getTransactionContext(),
        )) as [{ count: number }];
      if (count !== payments.length) return 'changed' as const;
      const now = gateway.clock.now();
      if (row.status === 'void') return serializeInvoice(gateway.config, row, now);
      if (row.status !== 'draft' && row.status !== 'open') {
        throw invalidInvoiceState(`Invoice ${row.number} is ${row.status}; it cannot be voided.`);
      }
      const reasons = payments.map((p) => blocker(p, now)).filter((r): r is string => r !== undefined);
      if (reasons.length > 0) {
        throw invalidInvoiceState(`Invoice ${row.number} cannot be voided: ${reasons.join('; ')}.`);
      }
      for (const payment of payments) {
        if (CANCELLABLE.includes(payment.status))
          await cancelPayment(gateway, scope, payment.id, 'merchant', em);
      }
      await updateInvoice(em, row, { status: 'void', voided_at: now }, now);
      await cancelReminders(em, row.id);
      return serializeInvoice(gateway.config, row, now);
    });
    if (outcome !== 'changed') return outcome;
    // A Pay press added a payment between the read and the locks. Within a caller's transaction (an
    // Idempotency-Key's) the read is not repeated: the caller retries.
    if (tx || attempt === 3) {
      throw new ApiError('SERVICE_UNAVAILABLE', `Invoice ${id} changed while it was voided; retry.`);
    }
  }
}
