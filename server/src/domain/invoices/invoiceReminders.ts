import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceRow } from './invoiceRow.js';

/** The graphile-worker task that sends an invoice's scheduled reminders. */
export const INVOICE_REMINDER_TASK = 'invoice_reminder';

export interface InvoiceReminderPayload {
  readonly invoiceId: string;
}

/** Scheduled reminders go out at this hour (UTC) of their day. */
export const REMINDER_HOUR_UTC = 9;
const DAY = 86_400_000;

/** When the reminder `days` after (before, if negative) the due date goes out. */
export function reminderTime(dueDate: string, days: number): Date {
  return new Date(Date.parse(`${dueDate}T00:00:00Z`) + days * DAY + REMINDER_HOUR_UTC * 3_600_000);
}

/** The scheduled reminders not sent yet, earliest first. */
export function pendingReminders(
  invoice: Pick<InvoiceRow, 'due_date' | 'reminder_days' | 'reminders_done'>,
): { days: number; at: Date }[] {
  return invoice.reminder_days
    .filter((days) => !invoice.reminders_done.includes(days))
    .map((days) => ({ days, at: reminderTime(invoice.due_date, days) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

const jobKey = (invoiceId: string) => `invoice:${invoiceId}:reminder`;

/**
 * Schedules the invoice's next pending reminder in the caller's transaction (replacing an earlier
 * job), or removes the job when none is left.
 */
export async function scheduleNextReminder(
  em: EntityManager,
  invoice: Pick<InvoiceRow, 'id' | 'due_date' | 'reminder_days' | 'reminders_done'>,
): Promise<void> {
  const [next] = pendingReminders(invoice);
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  if (!next) {
    await connection.execute('select graphile_worker.remove_job(?)', [jobKey(invoice.id)], 'all', ctx);
    return;
  }
  const payload: InvoiceReminderPayload = { invoiceId: invoice.id };
  await connection.execute(
    `select graphile_worker.add_job(?, ?::json, run_at => ?::timestamptz, job_key => ?, job_key_mode => 'replace', max_attempts => 25)`,
    [INVOICE_REMINDER_TASK, JSON.stringify(payload), next.at.toISOString(), jobKey(invoice.id)],
    'all',
    ctx,
  );
}

/** Removes the invoice's reminder job (paid, refunded or void) in the caller's transaction. */
export async function cancelReminders(em: EntityManager, invoiceId: string): Promise<void> {
  await em
    .getConnection()
    .execute('select graphile_worker.remove_job(?)', [jobKey(invoiceId)], 'all', em.getTransactionContext());
}
