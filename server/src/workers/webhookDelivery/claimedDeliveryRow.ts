import type { Mode } from '@cairn/contract';
import type { ClaimedDelivery } from '../../domain/webhooks/deliveryTypes.js';

/**
 * What a claim returns of each delivery, its event and its endpoint: the `returning` list of an update
 * of `webhook_deliveries <alias>` joined with `webhook_endpoints w` and `outbox_events o`.
 */
export function claimedColumns(alias: string): string {
  return `${alias}.id, ${alias}.attempts, ${alias}.event, ${alias}.mode, ${alias}.payment_id, o.body, w.url,
          w.allowed_ips, w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at`;
}

/** A row of {@link claimedColumns}. */
export interface ClaimedDeliveryRow {
  id: string;
  attempts: number;
  event: string;
  mode: Mode;
  payment_id: string | null;
  body: string;
  url: string;
  allowed_ips: string[];
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
}

/** The delivery a claimed row stands for, with the lock token the claim wrote. */
export function toClaimedDelivery(row: ClaimedDeliveryRow, lockToken: string): ClaimedDelivery {
  return {
    id: row.id,
    lockToken,
    attempts: row.attempts,
    event: row.event,
    mode: row.mode,
    paymentId: row.payment_id,
    requestBody: row.body,
    url: row.url,
    allowedIps: row.allowed_ips,
    secretSealed: row.secret_sealed,
    previousSecretSealed: row.previous_secret_sealed,
    previousSecretExpiresAt: row.previous_secret_expires_at,
  };
}
