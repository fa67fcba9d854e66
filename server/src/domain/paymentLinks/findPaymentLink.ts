import type { PaymentLink } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { linkColumns, type PaymentLinkRow, serializePaymentLink } from './paymentLinkRow.js';

/** 404 for a link id that does not exist in the caller's business and mode. */
export const paymentLinkNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No payment link ${id} for this API key.`);

/**
 * A link of the scope's business and mode with its `uses` at `now`, or undefined. With `forUpdate`,
 * the row is locked until `em`'s transaction ends (and `uses` counted after the lock is taken).
 */
export async function findPaymentLinkRow(
  em: EntityManager,
  now: Date,
  scope: PaymentScope | undefined,
  id: string,
  forUpdate = false,
): Promise<PaymentLinkRow | undefined> {
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  const where = scope ? 'l.id = ? and l.business_id = ? and l.mode = ?' : 'l.id = ?';
  const params = scope ? [id, scope.businessId, scope.mode] : [id];
  if (forUpdate) {
    // Lock first, count after: in READ COMMITTED the count then sees every payment a previous
    // holder of the lock committed.
    const locked = await connection.execute<{ id: string }[]>(
      `select l.id from payment_links l where ${where} for update`,
      params,
      'all',
      ctx,
    );
    if (locked.length === 0) return undefined;
  }
  const [row] = await connection.execute<PaymentLinkRow[]>(
    `select ${linkColumns(now)} from payment_links l where ${where}`,
    params,
    'all',
    ctx,
  );
  return row;
}

/** GET /api/v1/payment-links/{id}. */
export async function retrievePaymentLink(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
): Promise<PaymentLink> {
  const row = await findPaymentLinkRow(gateway.orm.em.fork(), gateway.clock.now(), scope, id);
  if (!row) throw paymentLinkNotFound(id);
  return serializePaymentLink(gateway.config, row);
}
