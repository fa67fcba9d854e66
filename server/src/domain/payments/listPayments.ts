import {
  LIST_LIMIT_DEFAULT,
  type ParsedListPaymentsQuery,
  type PaymentList,
  type PaymentStatus,
  parseStatusFilter,
} from '@cairn/contract';
import type { FilterQuery } from '@mikro-orm/core';
import { type IPayment, Payment } from '../../platform/db/entities/index.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import type { Gateway } from '../gateway/Gateway.js';
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
  const where: FilterQuery<IPayment>[] = [{ businessId: auth.businessId, mode: auth.mode }];
  const statuses = parseStatusFilter(query.status);
  if (statuses) where.push({ status: { $in: statuses as PaymentStatus[] } });
  if (query.order_id !== undefined) where.push({ orderId: query.order_id });
  if (query.payment_link_id !== undefined) where.push({ paymentLinkId: query.payment_link_id });
  if (query.invoice_id !== undefined) where.push({ invoiceId: query.invoice_id });
  if (query.created_gte !== undefined) where.push({ createdAt: { $gte: new Date(query.created_gte) } });
  if (query.created_lt !== undefined) where.push({ createdAt: { $lt: new Date(query.created_lt) } });
  if (query.starting_after !== undefined) {
    const cursor = await em.findOne(Payment, {
      id: query.starting_after,
      businessId: auth.businessId,
      mode: auth.mode,
    });
    if (!cursor) {
      throw new ApiError('VALIDATION_ERROR', 'starting_after is not a payment of this API key.', {
        fields: [{ field: 'starting_after', message: 'must be the id of a payment listed with this key' }],
      });
    }
    where.push({
      $or: [
        { createdAt: { $lt: cursor.createdAt } },
        { createdAt: cursor.createdAt, id: { $lt: cursor.id } },
      ],
    });
  }
  const rows = await em.find(
    Payment,
    { $and: where },
    { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: limit + 1 },
  );
  const page = rows.slice(0, limit);
  const data = [];
  for (const payment of page) data.push(serializePayment(gateway.config, await loadAggregate(em, payment)));
  return {
    data,
    has_more: rows.length > limit,
    next_starting_after: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
