import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryStatus } from './deliveryTypes.js';

/** One event of a payment's history, with what became of its webhook. */
export interface PaymentTimelineEntry {
  /** The uuid of the event's `evt_` id. */
  readonly event_id: string;
  readonly event: string;
  readonly created_at: Date;
  /** The latest delivery of this event (a redelivery replaces the original here); null: none made. */
  readonly delivery_id: string | null;
  readonly delivery_status: DeliveryStatus | null;
  readonly attempts: number | null;
  readonly last_status_code: number | null;
  readonly next_attempt_at: Date | null;
  /** Waiting for an earlier event of the payment to be delivered, failed or exhausted. */
  readonly parked: boolean;
}

/**
 * A payment's events in the order they happened, each with its latest webhook delivery: the status
 * timeline of the dashboard's payment page. Deliveries are read through the payment's ordering index.
 */
export async function loadPaymentTimeline(
  em: EntityManager,
  paymentId: string,
): Promise<PaymentTimelineEntry[]> {
  return em.getConnection().execute<PaymentTimelineEntry[]>(
    `select o.id as event_id, o.event, o.created_at, d.id as delivery_id, d.status as delivery_status,
            d.attempts, d.last_status_code, d.next_attempt_at,
            coalesce(d.status = 'pending' and d.next_attempt_at is null, false) as parked
       from outbox_events o
       left join lateral (
         select * from webhook_deliveries d
          where d.payment_id = o.payment_id and d.outbox_event_id = o.id
          order by d.created_at desc limit 1
       ) d on true
      where o.payment_id = ?
      order by o.created_at, o.seq`,
    [paymentId],
  );
}
