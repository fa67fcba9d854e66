import type { Invoice } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../platform/db/inTransaction.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { findInvoiceRow, invoiceNotFound } from './findInvoice.js';
import { pendingReminders, scheduleNextReminder } from './invoiceReminders.js';
import { serializeInvoice } from './invoiceRow.js';
import { mailInvoice } from './mailInvoice.js';
import { updateInvoice } from './updateInvoice.js';
import { writeInvoiceEvent } from './writeInvoiceEvent.js';

/** 409 for an invoice operation its status does not allow. */
export const invalidInvoiceState = (message: string) => new ApiError('INVALID_INVOICE_STATE', message);

/**
 * POST /api/v1/invoices/{id}/send: queues the invoice mail and writes `invoice.sent`, together. A
 * draft becomes `open` and its reminder schedule starts (reminders whose time has already passed are
 * skipped, not sent at once); an open invoice is mailed again.
 */
export async function sendInvoice(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  tx?: EntityManager,
): Promise<Invoice> {
  return inTransaction(gateway.orm, tx, async (em) => {
    const row = await findInvoiceRow(em, scope, id, true);
    if (!row) throw invoiceNotFound(id);
    if (row.status !== 'draft' && row.status !== 'open') {
      throw invalidInvoiceState(
        `Invoice ${row.number} is ${row.status}; only a draft or open invoice can be sent.`,
      );
    }
    const now = gateway.clock.now();
    if (row.status === 'draft') {
      const passed = pendingReminders(row)
        .filter((r) => r.at.getTime() <= now.getTime())
        .map((r) => r.days);
      await updateInvoice(
        em,
        row,
        { status: 'open', sent_at: now, reminders_done: [...row.reminders_done, ...passed] },
        now,
      );
      await scheduleNextReminder(em, row);
    } else {
      await updateInvoice(em, row, { sent_at: now }, now);
    }
    await mailInvoice(gateway, em, row, 'invoice');
    await writeInvoiceEvent(gateway, em, row, 'invoice.sent');
    return serializeInvoice(gateway.config, row, now);
  });
}
