import { LIST_LIMIT_DEFAULT, type ParsedListPaymentLinksQuery, type PaymentLinkList } from '@cairn/contract';
import { readKeysetPage } from '../../platform/db/readKeysetPage.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { linkColumns, type PaymentLinkRow, serializePaymentLink } from './paymentLinkRow.js';

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
  const page = await readKeysetPage<PaymentLinkRow>(gateway.orm.em.fork(), {
    select: `select ${linkColumns(gateway.clock.now())} from payment_links l`,
    where,
    params,
    key: [{ column: 'l.created_at' }, { column: 'l.id' }],
    after:
      query.starting_after === undefined
        ? undefined
        : {
            sql: 'select created_at, id from payment_links where id = ? and business_id = ? and mode = ?',
            params: [query.starting_after, scope.businessId, scope.mode],
            whenMissing: () =>
              new ApiError('VALIDATION_ERROR', 'starting_after is not a payment link of this API key.', {
                fields: [
                  { field: 'starting_after', message: 'must be the id of a link listed with this key' },
                ],
              }),
          },
    limit,
  });
  return {
    data: page.rows.map((row) => serializePaymentLink(gateway.config, row)),
    has_more: page.hasMore,
    next_starting_after: page.hasMore ? page.rows.at(-1)!.id : null,
  };
}
