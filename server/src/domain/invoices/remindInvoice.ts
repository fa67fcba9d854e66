import type { Invoice } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../platform/db/inTransaction.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { findInvoiceRow, invoiceNotFound } from './findInvoice.js';
import type { InvoiceRow } from './invoiceRow.js';
import { serializeInvoice } from './invoiceRow.js';
import { mailInvoice } from './mailInvoice.js';
import { invalidInvoiceState } from './sendInvoice.js';
import { updateInvoice } from './updateInvoice.js';
import { writeInvoiceEvent } from './writeInvoiceEvent.js';

/**
 * Sends one reminder of a locked, open invoice in the caller's transaction: the mail, the count, and
 * `invoice.reminder`; `scheduledDays` marks scheduled reminders as done with it.
 */
export async function deliverReminder(
  gateway: Gateway,
  em: EntityManager,
  row: InvoiceRow,
  scheduledDays: readonly number[] = [],
): Promise<void> {
  const now = gateway.clock.now();
  await updateInvoice(
    em,
    row,
    {
      reminders_sent: row.reminders_sent + 1,
      last_reminder_at: now,
      ...(scheduledDays.length > 0 ? { reminders_done: [...row.reminders_done, ...scheduledDays] } : {}),
    },
    now,
  );
  await mailInvoice(gateway, em, row, 'reminder');
  await writeInvoiceEvent(gateway, em, row, 'invoice.reminder');
}

/** POST /api/v1/invoices/{id}/remind: a reminder now (open invoices only). */
export async function remindInvoice(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  tx?: EntityManager,
): Promise<Invoice> {
  return inTransaction(gateway.orm, tx, async (em) => {
    const row = await findInvoiceRow(em, scope, id, true);
    if (!row) throw invoiceNotFound(id);
    if (row.status !== 'open') {
      throw invalidInvoiceState(
        row.status === 'draft'
          ? `Invoice ${row.number} is a draft: send it first.`
          : `Invoice ${row.number} is ${row.status}; only an open invoice can be reminded.`,
      );
    }
    await deliverReminder(gateway, em, row);
    return serializeInvoice(gateway.config, row, gateway.clock.now());
  });
}
