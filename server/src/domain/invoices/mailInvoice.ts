import type { EntityManager } from '@mikro-orm/postgresql';
import type { Gateway } from '../gateway/Gateway.js';
import { invoiceMail, invoiceReminderMail } from '../mail/invoiceMails.js';
import { queueMail } from '../mail/queueMail.js';
import { type InvoiceRow, invoiceUrl, isOverdue } from './invoiceRow.js';

/**
 * Queues the invoice (or a reminder of it) to its recipient in the caller's transaction: through SMTP
 * when CAIRN_SMTP_URL is set (a job the worker retries), else into the dev mailbox.
 */
export async function mailInvoice(
  gateway: Gateway,
  em: EntityManager,
  invoice: InvoiceRow,
  kind: 'invoice' | 'reminder',
): Promise<void> {
  const [business] = await em
    .getConnection()
    .execute<{ name: string }[]>(
      'select name from businesses where id = ?',
      [invoice.business_id],
      'all',
      em.getTransactionContext(),
    );
  const facts = {
    to: invoice.recipient_email,
    businessName: business?.name ?? 'The merchant',
    number: invoice.number,
    total: invoice.total,
    currency: invoice.fiat_currency,
    dueDate: invoice.due_date,
    recipientName: invoice.recipient_name,
    memo: invoice.memo,
    link: invoiceUrl(gateway.config, invoice.id),
    overdue: isOverdue(invoice, gateway.clock.now()),
    language: invoice.language,
  };
  await queueMail(
    em,
    gateway.clock,
    { smtp: gateway.config.CAIRN_SMTP_URL !== undefined, log: gateway.log },
    kind === 'invoice' ? invoiceMail(facts) : invoiceReminderMail(facts),
  );
}
