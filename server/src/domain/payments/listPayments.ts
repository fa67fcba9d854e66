import {
  LIST_LIMIT_DEFAULT,
  type ParsedListPaymentsQuery,
  type PaymentList,
  parseStatusFilter,
} from '@cairn/contract';
import { Payment } from '../../platform/db/entities/index.js';
import { readKeysetPage } from '../../platform/db/readKeysetPage.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import type { Gateway } from '../gateway/Gateway.js';
import { paymentFilterConditions } from './paymentFilterConditions.js';
import { loadAggregate, serializePayment } from './serializePayment.js';

/**
 * GET /api/v1/payments: newest first, keyset pagination on (created_at, id) so pages stay stable while
 * payments are created, filtered by status, order_id and creation time, always within the key's
 * business and mode.
 */
export async function listPayments(
  gateway: Gateway,
  auth: AuthContext,
  query: ParsedListPaymentsQuery,
): Promise<PaymentList> {
  const em = gateway.orm.em.fork();
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const { where, params } = paymentFilterConditions({
    businessId: auth.businessId,
    mode: auth.mode,
    statuses: parseStatusFilter(query.status),
    orderId: query.order_id,
    paymentLinkId: query.payment_link_id,
    invoiceId: query.invoice_id,
    createdFrom: query.created_gte === undefined ? undefined : new Date(query.created_gte),
    createdBefore: query.created_lt === undefined ? undefined : new Date(query.created_lt),
  });
  const page = await readKeysetPage<Record<string, unknown>>(em, {
    select: 'select p.* from payments p',
    where,
    params,
    key: [{ column: 'p.created_at' }, { column: 'p.id' }],
    after:
      query.starting_after === undefined
        ? undefined
        : {
            sql: 'select created_at, id from payments where id = ? and business_id = ? and mode = ?',
            params: [query.starting_after, auth.businessId, auth.mode],
            whenMissing: () =>
              new ApiError('VALIDATION_ERROR', 'starting_after is not a payment of this API key.', {
                fields: [
                  { field: 'starting_after', message: 'must be the id of a payment listed with this key' },
                ],
              }),
          },
    limit,
  });
  const data = [];
  for (const row of page.rows) {
    data.push(serializePayment(gateway.config, await loadAggregate(em, em.map(Payment, row))));
  }
  return {
    data,
    has_more: page.hasMore,
    next_starting_after: page.hasMore ? String(page.rows.at(-1)!.id) : null,
  };
}
