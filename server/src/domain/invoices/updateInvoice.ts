import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceRow } from './invoiceRow.js';

type Changes = Partial<
  Pick<
    InvoiceRow,
    | 'status'
    | 'payment_id'
    | 'sent_at'
    | 'viewed_at'
    | 'paid_at'
    | 'refunded_at'
    | 'voided_at'
    | 'reminders_sent'
    | 'last_reminder_at'
    | 'reminders_done'
  >
>;

/**
 * Writes `changes` to a locked invoice row in the caller's transaction, moves `updated_at`, and applies
 * them to `row` so that what is serialised next is what was stored.
 */
export async function updateInvoice(
  em: EntityManager,
  row: InvoiceRow,
  changes: Changes,
  now: Date,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of Object.entries(changes)) {
    if (column === 'reminders_done') {
      // An int[] as its literal: knex would spread a JS array into a list of parameters.
      sets.push('reminders_done = ?::int[]');
      params.push(`{${(value as number[]).map((n) => Math.trunc(n)).join(',')}}`);
    } else {
      sets.push(`${column} = ?`);
      params.push(value);
    }
  }
  sets.push('updated_at = ?');
  params.push(now);
  await em
    .getConnection()
    .execute(
      `update invoices set ${sets.join(', ')} where id = ?`,
      [...params, row.id],
      'run',
      em.getTransactionContext(),
    );
  Object.assign(row, changes, { updated_at: now });
}
