import type { Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readKeysetPage } from '../../platform/db/readKeysetPage.js';
import type { DeliveryErrorClass, DeliveryStatus } from './deliveryTypes.js';

/** One row of the delivery log (what the delivery inspector of docs/webhooks.md shows, and more). */
export interface DeliveryLogEntry {
  readonly id: string;
  readonly api_key_id: string;
  readonly mode: Mode;
  readonly event: string;
  /** The `evt_` id of the body. */
  readonly event_id: string;
  readonly payment_id: string | null;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly last_status_code: number | null;
  /** The latest response body, truncated to 1 KiB. */
  readonly last_response_body: string | null;
  readonly last_latency_ms: number | null;
  readonly last_error_class: DeliveryErrorClass | null;
  readonly last_error: string | null;
  readonly last_attempt_at: Date | null;
  readonly next_attempt_at: Date | null;
  readonly completed_at: Date | null;
  readonly created_at: Date;
  readonly url: string | null;
  /** The exact signed request body. */
  readonly request_body: string;
  /** The latest attempt's `X-Webhook-Signature`. */
  readonly last_signature: string | null;
  readonly redelivery_of: string | null;
  /** Queued behind an earlier event of its payment that is not yet delivered, failed or exhausted. */
  readonly parked: boolean;
  /** The hint of the key whose endpoint it went to (`sk_test_…abcd`). */
  readonly key_hint: string;
}

export interface DeliveryFilter {
  readonly deliveryId?: string;
  readonly businessId?: string;
  readonly event?: string;
  /** The id of the last delivery of the previous page (newest first). */
  readonly before?: string;
  readonly apiKeyId?: string;
  readonly mode?: Mode;
  readonly status?: DeliveryStatus;
  readonly paymentId?: string;
  /** Default 50, at most 1000. */
  readonly limit?: number;
}

/** The delivery log, newest first, filtered by key, mode, status or payment. */
export async function listDeliveries(
  em: EntityManager,
  filter: DeliveryFilter = {},
): Promise<DeliveryLogEntry[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.deliveryId) {
    where.push('d.id = ?');
    params.push(filter.deliveryId);
  }
  if (filter.businessId) {
    where.push('d.business_id = ?');
    params.push(filter.businessId);
  }
  if (filter.event) {
    where.push('d.event = ?');
    params.push(filter.event);
  }
  if (filter.apiKeyId) {
    where.push('d.api_key_id = ?');
    params.push(filter.apiKeyId);
  }
  if (filter.mode) {
    where.push('d.mode = ?');
    params.push(filter.mode);
  }
  if (filter.status) {
    where.push('d.status = ?');
    params.push(filter.status);
  }
  if (filter.paymentId) {
    where.push('d.payment_id = ?');
    params.push(filter.paymentId);
  }
  const page = await readKeysetPage<DeliveryLogEntry>(em, {
    select: `select d.id, d.api_key_id, d.mode, d.event, 'evt_' || d.outbox_event_id as event_id, d.payment_id,
            d.status, d.attempts, d.last_status_code, d.last_response_body, d.last_latency_ms,
            d.last_error_class, d.last_error, d.last_attempt_at, d.next_attempt_at, d.completed_at,
            d.created_at, coalesce(d.last_url, w.url) as url, o.body as request_body, d.last_signature,
            d.redelivery_of, (d.status = 'pending' and d.next_attempt_at is null) as parked, k.key_hint
       from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
       join outbox_events o on o.id = d.outbox_event_id
       join api_keys k on k.id = d.api_key_id`,
    where,
    params,
    key: [{ column: 'd.created_at' }, { column: 'd.event_seq' }],
    // A delivery of another business (or none) as `before` gives an empty page.
    after: filter.before
      ? {
          sql: 'select created_at, event_seq from webhook_deliveries where id = ?',
          params: [filter.before],
          whenMissing: 'empty',
        }
      : undefined,
    limit: Math.min(Math.max(filter.limit ?? 50, 1), 1000),
  });
  return page.rows;
}
