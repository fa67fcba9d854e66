import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/runtime/clock.js';
import { WebhookError } from './WebhookError.js';

/**
 * Queues a finished delivery again (delivered, failed or exhausted) as a new delivery of the same
 * event: the same body and `evt_` id, a fresh ladder of 9 attempts, to the key's endpoint as it is
 * now; it waits behind a pending delivery of the same payment, like a new event. The original stays in
 * the log; the new one points to it (`redelivery_of`).
 *
 * @throws {WebhookError} DELIVERY_NOT_FOUND, or DELIVERY_STILL_PENDING while the original is queued.
 */
export async function redeliverWebhook(em: EntityManager, clock: Clock, deliveryId: string): Promise<string> {
  const connection = em.getConnection();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(deliveryId);
  const [original] = uuid
    ? await connection.execute<{ status: string }[]>('select status from webhook_deliveries where id = ?', [
        deliveryId,
      ])
    : [];
  if (!original) throw new WebhookError('DELIVERY_NOT_FOUND', `No webhook delivery ${deliveryId}.`);
  if (original.status === 'pending')
    throw new WebhookError(
      'DELIVERY_STILL_PENDING',
      `Delivery ${deliveryId} is still queued; it can be sent again once it is delivered, failed or exhausted.`,
    );
  const id = randomUUID();
  const now = clock.now();
  await em.transactional(async (tx) => {
    const inTx = tx.getTransactionContext();
    // The payment's ordering lock before the check below, as the outbox trigger takes it.
    await tx
      .getConnection()
      .execute(
        'select webhook_order_lock(payment_id) from webhook_deliveries where id = ? and payment_id is not null',
        [deliveryId],
        'all',
        inTx,
      );
    await tx.getConnection().execute(
      `insert into webhook_deliveries (id, outbox_event_id, event_seq, endpoint_id, api_key_id, business_id,
                                       mode, payment_id, event, redelivery_of, status,
                                       next_attempt_at, created_at)
       select ?, d.outbox_event_id, d.event_seq, w.id, d.api_key_id, d.business_id, d.mode, d.payment_id,
              d.event, d.id, 'pending',
              -- Parked behind a pending delivery of the same payment, like a new event.
              case when d.payment_id is not null and exists (
                select 1 from webhook_deliveries p where p.payment_id = d.payment_id and p.status = 'pending'
              ) then null else ?::timestamptz end,
              ?
         from webhook_deliveries d join webhook_endpoints w on w.api_key_id = d.api_key_id
        where d.id = ?`,
      [id, now, now, deliveryId],
      'run',
      inTx,
    );
  });
  await connection.execute(`select pg_notify('cairn_webhook_deliveries', '')`);
  return id;
}
