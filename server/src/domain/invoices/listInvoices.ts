import { type InvoiceList, LIST_LIMIT_DEFAULT, type ParsedListInvoicesQuery } from '@cairn/contract';
import { type KeysetColumn, readKeysetPage } from '../../platform/db/readKeysetPage.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { INVOICE_COLUMNS, type InvoiceRow, serializeInvoice } from './invoiceRow.js';

const BY_CREATION: [KeysetColumn, KeysetColumn] = [{ column: 'i.created_at' }, { column: 'i.id' }];

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
  const page = await readKeysetPage<InvoiceRow>(gateway.orm.em.fork(), {
    select: `select ${INVOICE_COLUMNS} from invoices i`,
    where,
    params,
    key: BY_CREATION,
    after:
      query.starting_after === undefined
        ? undefined
        : {
            sql: 'select created_at, id from invoices where id = ? and business_id = ? and mode = ?',
            params: [query.starting_after, scope.businessId, scope.mode],
            whenMissing: () =>
              new ApiError('VALIDATION_ERROR', 'starting_after is not an invoice of this API key.', {
                fields: [
                  { field: 'starting_after', message: 'must be the id of an invoice listed with this key' },
                ],
              }),
          },
    limit,
  });
  return {
    data: page.rows.map((row) => serializeInvoice(gateway.config, row, now)),
    has_more: page.hasMore,
    next_starting_after: page.hasMore ? page.rows.at(-1)!.id : null,
  };
}
