import { type InvoiceList, LIST_LIMIT_DEFAULT, type ParsedListInvoicesQuery } from '@cairn/contract';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { INVOICE_COLUMNS, type InvoiceRow, serializeInvoice } from './invoiceRow.js';

/**
 * GET /api/v1/invoices: newest first, keyset-paged on (created_at, id) through `invoices_list_idx`,
 * filtered by status, overdue (open and due before today, UTC, by the gateway's clock), recipient,
 * number and creation time.
 */
export async function listInvoices(
  gateway: Gateway,
  scope: PaymentScope,
  query: ParsedListInvoicesQuery,
): Promise<InvoiceList> {
  const now = gateway.clock.now();
  const today = now.toISOString().slice(0, 10);
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const where = ['i.business_id = ?', 'i.mode = ?'];
  const params: unknown[] = [scope.businessId, scope.mode];
  if (query.status !== undefined) {
    const statuses = query.status.split(',');
    where.push(`i.status in (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  if (query.overdue === 'true') {
    where.push(`i.status = 'open' and i.due_date < ?::date`);
    params.push(today);
  } else if (query.overdue === 'false') {
    where.push(`not (i.status = 'open' and i.due_date < ?::date)`);
    params.push(today);
  }
  if (query.recipient_email !== undefined) {
    where.push('lower(i.recipient_email) = lower(?)');
    params.push(query.recipient_email);
  }
  if (query.number !== undefined) {
    where.push('i.number = ?');
    params.push(query.number);
  }
  if (query.created_gte !== undefined) {
    where.push('i.created_at >= ?');
    params.push(new Date(query.created_gte));
  }
  if (query.created_lt !== undefined) {
    where.push('i.created_at < ?');
    params.push(new Date(query.created_lt));
  }
  const connection = gateway.orm.em.fork().getConnection();
  if (query.starting_after !== undefined) {
    const [cursor] = await connection.execute<{ created_at: Date }[]>(
      'select created_at from invoices where id = ? and business_id = ? and mode = ?',
      [query.starting_after, scope.businessId, scope.mode],
    );
    if (!cursor) {
      throw new ApiError('VALIDATION_ERROR', 'starting_after is not an invoice of this API key.', {
        fields: [{ field: 'starting_after', message: 'must be the id of an invoice listed with this key' }],
      });
    }
    where.push('(i.created_at, i.id) < (?, ?::uuid)');
    params.push(cursor.created_at, query.starting_after);
  }
  const rows = await connection.execute<InvoiceRow[]>(
    `select ${INVOICE_COLUMNS} from invoices i where ${where.join(' and ')}
    order by i.created_at desc, i.id desc limit ?`,
    [...params, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    data: page.map((row) => serializeInvoice(gateway.config, row, now)),
    has_more: rows.length > limit,
    next_starting_after: rows.length > limit ? page.at(-1)!.id : null,
  };
}
