import type { Task } from 'graphile-worker';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { findInvoiceRow } from '../../domain/invoices/findInvoice.js';
import {
  type InvoiceReminderPayload,
  pendingReminders,
  scheduleNextReminder,
} from '../../domain/invoices/invoiceReminders.js';
import { deliverReminder } from '../../domain/invoices/remindInvoice.js';

/**
 * Sends an open invoice's scheduled reminder when its time (by the gateway's clock) has come, then
 * schedules the next. Reminders whose time passed while none ran (the worker was down) go out as one
 * reminder, not one each. A paid, refunded or void invoice gets none; a job that runs early changes
 * nothing but its schedule.
 */
export function invoiceReminderTask(gateway: Gateway): Task {
  return async (raw) => {
    const { invoiceId } = raw as InvoiceReminderPayload;
    await gateway.orm.em.fork().transactional(async (em) => {
      const row = await findInvoiceRow(em, undefined, invoiceId, true);
      if (row?.status !== 'open') return;
      const now = gateway.clock.now().getTime();
      const due = pendingReminders(row).filter((r) => r.at.getTime() <= now);
      if (due.length > 0) {
        await deliverReminder(
          gateway,
          em,
          row,
          due.map((r) => r.days),
        );
        gateway.log.info({ invoiceId, days: due.map((r) => r.days) }, 'scheduled invoice reminder sent');
      }
      await scheduleNextReminder(em, row);
    });
  };
}
