import { randomUUID } from 'node:crypto';
import type { StrayFundsEventName } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxEvent } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { rfc3339 } from './rfc3339.js';
import { type StrayFundsRow, serializeStrayFunds } from './strayFundsRow.js';

/**
 * Writes a stray-funds event to the outbox in the caller's transaction, as the row is now: listed by
 * the events API of the row's business and mode, and delivered to the endpoint of the row's API key
 * (the key of the payment it reached, or of the latest payment on the account) when it subscribed.
 */
export async function writeStrayFundsEvent(
  gateway: Gateway,
  em: EntityManager,
  row: StrayFundsRow,
  event: StrayFundsEventName,
): Promise<void> {
  const id = randomUUID();
  const now = gateway.clock.now();
  em.create(OutboxEvent, {
    id,
    businessId: row.business_id,
    apiKeyId: row.api_key_id,
    mode: row.mode,
    paymentId: null,
    invoiceId: null,
    event,
    payload: {
      id: `evt_${id}`,
      event,
      created_at: rfc3339(now),
      data: { stray_funds: serializeStrayFunds(row) },
    },
    createdAt: now,
  });
  await em.flush();
}
