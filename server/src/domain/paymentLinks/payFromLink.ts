import { randomUUID } from 'node:crypto';
import type { CreatePaymentRequest } from '@cairn/contract';
import { loadActiveKey } from '../apiKeys/authenticate.js';
import type { Gateway } from '../gateway/Gateway.js';
import { createPayment } from '../payments/createPayment.js';
import { findHeldPayment } from './findHeldPayment.js';
import { findPaymentLinkRow } from './findPaymentLink.js';
import { LINK_HOLD_MS, linkAvailability, type PaymentLinkRow } from './paymentLinkRow.js';

/** What pressing Pay on a link's page gave: a payment to check out, or why the link cannot. */
export type PayFromLinkOutcome =
  | { readonly kind: 'payment'; readonly paymentId: string }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'inactive' | 'sold_out'; readonly link: PaymentLinkRow }
  /** The link's API key was revoked or deactivated: its payments would have nowhere to report. */
  | { readonly kind: 'key_inactive'; readonly link: PaymentLinkRow };

/** The payment a link creates: its amount, description, accepted set, URLs and metadata. */
export function paymentRequestOf(link: PaymentLinkRow): CreatePaymentRequest {
  return {
    fiat_amount: link.fiat_amount,
    fiat_currency: link.fiat_currency,
    ...(link.description === null ? {} : { description: link.description }),
    accepted_chains: link.accepted_chains as CreatePaymentRequest['accepted_chains'],
    accepted_coins: link.accepted_coins,
    accepted_tokens: link.accepted_tokens,
    restrict_to_accepted: link.restrict_to_accepted,
    ...(link.success_url === null ? {} : { success_url: link.success_url }),
    ...(link.cancel_url === null ? {} : { cancel_url: link.cancel_url }),
    metadata: typeof link.metadata === 'string' ? JSON.parse(link.metadata) : link.metadata,
  };
}

/** Who pressed Pay. */
export interface LinkPress {
  /**
   * The visit token the page's form carries: the same visit pressing Pay again (a double click, a
   * resubmitted form) opens the payment it already made instead of making another.
   */
  readonly visit?: string;
  /**
   * The client's address group (`addressGroup` of its IP: an IPv4 address or an IPv6 /64): while a
   * payment this address made from the link is unpaid and holds a use, pressing Pay again from it
   * opens that payment, so one address holds at most one unpaid use at a time.
   */
  readonly clientAddress?: string;
}

/**
 * A customer pressed Pay on the link's page: creates a payment of the link's API key, with
 * `payment_link_id` set, through the same service as POST /api/v1/payments (pricing, accepted set,
 * Prepaid Credit, key checks; its ApiErrors are thrown as they are). The link's row is locked for the
 * whole creation, so concurrent presses are counted one after the other and `max_uses` is never
 * exceeded; a deactivation waits for a creation under way and is seen by the next one.
 *
 * A payment that has received nothing holds a use for {@link LINK_HOLD_MS} only (then its use is free
 * again; it still counts for good once a transfer is detected), and the press's visit and client
 * address open the payment they already hold instead of making another (see {@link LinkPress}).
 */
export async function payFromLink(
  gateway: Gateway,
  linkId: string,
  press: LinkPress = {},
): Promise<PayFromLinkOutcome> {
  return gateway.orm.em.fork().transactional(async (tx) => {
    const now = gateway.clock.now();
    const link = await findPaymentLinkRow(tx, now, undefined, linkId, true);
    if (!link) return { kind: 'not_found' };
    const connection = tx.getConnection();
    const ctx = tx.getTransactionContext();
    const { visit, clientAddress } = press;
    const recordVisit = (paymentId: string) =>
      connection.execute(
        `insert into payment_link_visits (token, payment_link_id, payment_id, created_at, client_address)
          values (?, ?, ?, ?, ?) on conflict (token) do nothing`,
        [visit ?? randomUUID(), link.id, paymentId, now, clientAddress ?? null],
        'run',
        ctx,
      );
    if (visit) {
      const [seen] = await connection.execute<{ payment_id: string }[]>(
        'select payment_id from payment_link_visits where token = ? and payment_link_id = ?',
        [visit, link.id],
        'all',
        ctx,
      );
      if (seen) return { kind: 'payment', paymentId: seen.payment_id };
    }
    const availability = linkAvailability(link);
    if (availability === 'inactive') return { kind: availability, link };
    if (clientAddress) {
      // The address's payment that still holds a use (unpaid, made within the hold): open it again.
      const held = await findHeldPayment(tx, link.id, clientAddress, now);
      if (held) {
        if (visit) await recordVisit(held);
        return { kind: 'payment', paymentId: held };
      }
    }
    if (availability !== 'available') return { kind: availability, link };
    const auth = await loadActiveKey(gateway.orm, link.api_key_id, gateway.clock.now(), tx);
    if (!auth) return { kind: 'key_inactive', link };
    const payment = await createPayment(gateway, auth, paymentRequestOf(link), undefined, tx, {
      paymentLinkId: link.id,
    });
    if (visit || clientAddress) await recordVisit(payment.id);
    return { kind: 'payment', paymentId: payment.id };
  });
}
