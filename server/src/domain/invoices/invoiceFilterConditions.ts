import type { ParsedListInvoicesQuery } from '@cairn/contract';
import type { PaymentScope } from '../payments/lockPayment.js';

/** The invoice list's filters, as the list and the export take them. */
export type InvoiceFilter = Pick<
  ParsedListInvoicesQuery,
  'status' | 'overdue' | 'recipient_email' | 'number' | 'created_gte' | 'created_lt'
>;

/**
 * The conditions (on `invoices i`, knex `?` placeholders) that select a scope's invoices matching the
 * list's filters: status, overdue (open and due before today, UTC, by `now`), recipient, number and
 * creation time. Shared by the list and the export, so both select the same invoices.
 */
export function invoiceFilterConditions(
  scope: PaymentScope,
  filter: InvoiceFilter,
  now: Date,
): { where: string[]; params: unknown[] } {
  const today = now.toISOString().slice(0, 10);
  const where = ['i.business_id = ?', 'i.mode = ?'];
  const params: unknown[] = [scope.businessId, scope.mode];
  if (filter.status !== undefined) {
    const statuses = filter.status.split(',');
    where.push(`i.status in (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  if (filter.overdue === 'true') {
    where.push(`i.status = 'open' and i.due_date < ?::date`);
    params.push(today);
  } else if (filter.overdue === 'false') {
    where.push(`not (i.status = 'open' and i.due_date < ?::date)`);
    params.push(today);
  }
  if (filter.recipient_email !== undefined) {
    where.push('lower(i.recipient_email) = lower(?)');
    params.push(filter.recipient_email);
  }
  if (filter.number !== undefined) {
    where.push('i.number = ?');
    params.push(filter.number);
  }
  if (filter.created_gte !== undefined) {
    where.push('i.created_at >= ?');
    params.push(new Date(filter.created_gte));
  }
  if (filter.created_lt !== undefined) {
    where.push('i.created_at < ?');
    params.push(new Date(filter.created_lt));
  }
  return { where, params };
}
