import type { PaymentLink, PaymentStatus } from '@cairn/contract';
import type { ApiKeyLabel } from '../apiKeys/ApiKeySummary.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { retrievePaymentLink } from './findPaymentLink.js';

/** A payment a link made, as the link's page lists it. */
export interface LinkPaymentRow {
  readonly id: string;
  readonly status: PaymentStatus;
  readonly created_at: Date;
}

/** A payment link as the dashboard's link page shows it. */
export interface PaymentLinkDetail {
  /** As `GET /api/v1/payment-links/{id}` returns it. */
  readonly link: PaymentLink;
  /** The key whose payments it makes (null only if the key row is gone). */
  readonly key: ApiKeyLabel | null;
  /** Its newest payments, newest first. */
  readonly payments: readonly LinkPaymentRow[];
  /** Whether it made more payments than listed. */
  readonly morePayments: boolean;
}

/**
 * A payment link of the business and mode, its key and its newest `paymentsShown` payments (one
 * more is read to tell whether there are others).
 *
 * @throws {ApiError} NOT_FOUND for an id of another business or mode, or none.
 */
export async function loadPaymentLinkDetail(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  paymentsShown: number,
): Promise<PaymentLinkDetail> {
  const link = await retrievePaymentLink(gateway, scope, id);
  const sql = gateway.orm.em.fork().getConnection();
  const [key] = await sql.execute<{ label: string; key_hint: string; status: ApiKeyLabel['status'] }[]>(
    'select k.label, k.key_hint, k.status from payment_links l join api_keys k on k.id = l.api_key_id where l.id = ?',
    [id],
  );
  const payments = await sql.execute<LinkPaymentRow[]>(
    `select id, status, created_at from payments where payment_link_id = ? and business_id = ? and mode = ?
      order by created_at desc, id desc limit ?`,
    [id, scope.businessId, scope.mode, paymentsShown + 1],
  );
  return {
    link,
    key: key ? { label: key.label, hint: key.key_hint, status: key.status } : null,
    payments: payments.slice(0, paymentsShown),
    morePayments: payments.length > paymentsShown,
  };
}
