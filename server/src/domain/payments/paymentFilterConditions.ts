import type { Mode, PaymentStatus } from '@cairn/contract';
import { searchKind } from './searchKind.js';

/** Which payments a list, a search or an export selects: always one business and mode, then filters. */
export interface PaymentFilter {
  readonly businessId: string;
  readonly mode: Mode;
  /** Any of these statuses (none or empty: every status). */
  readonly statuses?: readonly PaymentStatus[] | undefined;
  readonly orderId?: string | undefined;
  readonly paymentLinkId?: string | undefined;
  readonly invoiceId?: string | undefined;
  /** Created at or after. */
  readonly createdFrom?: Date | undefined;
  /** Created before. */
  readonly createdBefore?: Date | undefined;
  /** The dashboard's search box: a payment id, a customer email or an order_id (see searchKind). */
  readonly search?: string | undefined;
}

/**
 * The conditions (on `payments p`, knex `?` placeholders) that select a filter's payments: the one
 * builder of the API's list, the dashboard's search and the exports, so all three select the same
 * payments for the same filter.
 */
export function paymentFilterConditions(filter: PaymentFilter): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    params.push(...values);
  };
  add('p.business_id = ?', filter.businessId);
  add('p.mode = ?', filter.mode);
  const statuses = filter.statuses ?? [];
  if (statuses.length > 0) add(`p.status in (${statuses.map(() => '?').join(', ')})`, ...statuses);
  if (filter.orderId !== undefined) add('p.order_id = ?', filter.orderId);
  if (filter.paymentLinkId !== undefined) add('p.payment_link_id = ?', filter.paymentLinkId);
  if (filter.invoiceId !== undefined) add('p.invoice_id = ?', filter.invoiceId);
  if (filter.createdFrom) add('p.created_at >= ?', filter.createdFrom);
  if (filter.createdBefore) add('p.created_at < ?', filter.createdBefore);
  const search = filter.search?.trim();
  if (search) {
    const kind = searchKind(search);
    if (kind === 'id') add('p.id = ?::uuid', search);
    else if (kind === 'email') add('lower(p.customer_email) = lower(?)', search);
    else add('p.order_id = ?', search);
  }
  return { where, params };
}
