import { type InvoiceList, LIST_LIMIT_DEFAULT, type ParsedListInvoicesQuery } from '@cairn/contract';
import { type KeysetColumn, readKeysetPage } from '../../platform/db/readKeysetPage.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { invoiceFilterConditions } from './invoiceFilterConditions.js';
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
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const { where, params } = invoiceFilterConditions(scope, query, now);
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
