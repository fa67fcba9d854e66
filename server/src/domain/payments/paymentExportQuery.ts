import type { Mode, PaymentStatus } from '@cairn/contract';
import { exportTimeColumn } from '../exports/createExportWriter.js';
import { searchKind } from './searchPayments.js';

/** Which payments an export holds: always one business and mode, then the list's filters. */
export interface PaymentExportFilter {
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

const time = exportTimeColumn;

/**
 * The columns an export reads, one per column of PAYMENT_EXPORT_COLUMNS and in its order, all text:
 * `locked_amount` and the live received sum stay in the coin's smallest unit here and are written
 * as whole coins (see writePaymentExport).
 */
export const PAYMENT_EXPORT_SELECT = `select p.id, ${time('p.created_at')}, ${time('p.updated_at')}, p.status, p.mode,
       p.fiat_amount::text, p.fiat_currency, p.selected_chain_id, p.selected_coin_symbol, p.locked_amount::text,
       (select coalesce(sum(t.amount), 0)::text from transfers t where t.payment_id = p.id and not t.removed),
       p.order_id, p.description, p.customer_email, ${time('p.confirmed_at')}, ${time('p.expires_at')},
       p.cancelled_by, p.failure_reason, p.payment_link_id, p.invoice_id
  from payments p`;

/**
 * The statement of an export: the filter's payments, newest first ((created_at, id) descending, the
 * order of the list and of its indexes), as `$n` parameters for node-postgres.
 */
export function paymentExportQuery(filter: PaymentExportFilter): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const where: string[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  add((v) => `p.business_id = ${v}::uuid`, filter.businessId);
  add((v) => `p.mode = ${v}`, filter.mode);
  const statuses = filter.statuses ?? [];
  if (statuses.length === 1) add((v) => `p.status = ${v}`, statuses[0]);
  else if (statuses.length > 1) add((v) => `p.status = any(${v}::text[])`, [...statuses]);
  if (filter.orderId !== undefined) add((v) => `p.order_id = ${v}`, filter.orderId);
  if (filter.paymentLinkId !== undefined) add((v) => `p.payment_link_id = ${v}::uuid`, filter.paymentLinkId);
  if (filter.invoiceId !== undefined) add((v) => `p.invoice_id = ${v}::uuid`, filter.invoiceId);
  if (filter.createdFrom) add((v) => `p.created_at >= ${v}`, filter.createdFrom);
  if (filter.createdBefore) add((v) => `p.created_at < ${v}`, filter.createdBefore);
  const search = filter.search?.trim();
  if (search) {
    const kind = searchKind(search);
    if (kind === 'id') add((v) => `p.id = ${v}::uuid`, search);
    else if (kind === 'email') add((v) => `lower(p.customer_email) = lower(${v})`, search);
    else add((v) => `p.order_id = ${v}`, search);
  }
  return {
    text: `${PAYMENT_EXPORT_SELECT}\n where ${where.join(' and ')}\n order by p.created_at desc, p.id desc`,
    values,
  };
}
