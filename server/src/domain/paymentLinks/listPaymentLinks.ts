import { LIST_LIMIT_DEFAULT, type ParsedListPaymentLinksQuery, type PaymentLinkList } from '@cairn/contract';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { LINK_COLUMNS, type PaymentLinkRow, serializePaymentLink } from './paymentLinkRow.js';

/**
 * GET /api/v1/payment-links: newest first, keyset-paged on (created_at, id) through
 * `payment_links_list_idx`, optionally only active or only inactive links.
 */
export async function listPaymentLinks(
  gateway: Gateway,
  scope: PaymentScope,
  query: ParsedListPaymentLinksQuery,
): Promise<PaymentLinkList> {
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const where = ['l.business_id = ?', 'l.mode = ?'];
  const params: unknown[] = [scope.businessId, scope.mode];
  if (query.active !== undefined) {
    where.push(query.active === 'true' ? 'l.deactivated_at is null' : 'l.deactivated_at is not null');
  }
  const connection = gateway.orm.em.fork().getConnection();
  if (query.starting_after !== undefined) {
    const [cursor] = await connection.execute<{ created_at: Date }[]>(
      'select created_at from payment_links where id = ? and business_id = ? and mode = ?',
      [query.starting_after, scope.businessId, scope.mode],
    );
    if (!cursor) {
      throw new ApiError('VALIDATION_ERROR', 'starting_after is not a payment link of this API key.', {
        fields: [{ field: 'starting_after', message: 'must be the id of a link listed with this key' }],
      });
    }
    where.push('(l.created_at, l.id) < (?, ?::uuid)');
    params.push(cursor.created_at, query.starting_after);
  }
  const rows = await connection.execute<PaymentLinkRow[]>(
    `select ${LINK_COLUMNS} from payment_links l where ${where.join(' and ')}
    order by l.created_at desc, l.id desc limit ?`,
    [...params, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    data: page.map((row) => serializePaymentLink(gateway.config, row)),
    has_more: rows.length > limit,
    next_starting_after: rows.length > limit ? page.at(-1)!.id : null,
  };
}
