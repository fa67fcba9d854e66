import {
  type EventList,
  LIST_LIMIT_DEFAULT,
  type ParsedListEventsQuery,
  type WebhookEvent,
} from '@cairn/contract';
import { readKeysetPage } from '../../platform/db/readKeysetPage.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { eventFilterConditions } from './eventFilterConditions.js';

const uuidOf = (eventId: string) => eventId.slice('evt_'.length);

/**
 * GET /api/v1/events: the events of the key's business and mode, newest first (the order they were
 * written: `seq`), keyset-paged on `seq` through `outbox_events_list_idx`, each exactly the body its
 * webhook deliveries sign and send (`outbox_events.body`), whether or not an endpoint existed.
 */
export async function listEvents(
  gateway: Gateway,
  scope: PaymentScope,
  query: ParsedListEventsQuery,
): Promise<EventList> {
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const { where, params } = eventFilterConditions(scope, query);
  const page = await readKeysetPage<{ id: string; body: string }>(gateway.orm.em.fork(), {
    select: 'select o.id, o.body from outbox_events o',
    where,
    params,
    key: [{ column: 'o.seq' }],
    after:
      query.starting_after === undefined
        ? undefined
        : {
            sql: 'select seq from outbox_events where id = ? and business_id = ? and mode = ?',
            params: [uuidOf(query.starting_after), scope.businessId, scope.mode],
            whenMissing: () =>
              new ApiError('VALIDATION_ERROR', 'starting_after is not an event of this API key.', {
                fields: [
                  { field: 'starting_after', message: 'must be the id of an event listed with this key' },
                ],
              }),
          },
    limit,
  });
  return {
    data: page.rows.map((row) => JSON.parse(row.body) as WebhookEvent),
    has_more: page.hasMore,
    next_starting_after: page.hasMore ? `evt_${page.rows.at(-1)!.id}` : null,
  };
}

/** GET /api/v1/events/{id}: one event of the key's business and mode, as its webhook body; else 404. */
export async function retrieveEvent(
  gateway: Gateway,
  scope: PaymentScope,
  eventId: string,
): Promise<WebhookEvent> {
  const [row] = await gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ body: string }[]>(
      'select body from outbox_events where id = ? and business_id = ? and mode = ?',
      [uuidOf(eventId), scope.businessId, scope.mode],
    );
  if (!row) throw new ApiError('NOT_FOUND', `No event ${eventId} for this API key.`);
  return JSON.parse(row.body) as WebhookEvent;
}
