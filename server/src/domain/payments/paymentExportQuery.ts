import { exportTimeColumn } from '../exports/createExportWriter.js';
import { numberedQuery } from '../exports/numberedQuery.js';
import type { ExportQuery } from '../exports/streamExport.js';
import { type PaymentFilter, paymentFilterConditions } from './paymentFilterConditions.js';

/** Which payments an export holds: always one business and mode, then the list's filters. */
export type PaymentExportFilter = PaymentFilter;

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
export function paymentExportQuery(filter: PaymentExportFilter): ExportQuery {
  const { where, params } = paymentFilterConditions(filter);
  return numberedQuery(
    `${PAYMENT_EXPORT_SELECT}\n where ${where.join(' and ')}\n order by p.created_at desc, p.id desc`,
    params,
  );
}
