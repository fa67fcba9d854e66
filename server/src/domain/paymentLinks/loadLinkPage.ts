import type { Mode } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import { findHeldPayment } from './findHeldPayment.js';
import { findPaymentLinkRow } from './findPaymentLink.js';
import { linkAvailability } from './paymentLinkRow.js';

/** A payment link as its public page shows it. */
export interface LinkPage {
  readonly businessName: string;
  readonly mode: Mode;
  /** Decimal string, in `fiatCurrency`. */
  readonly fiatAmount: string;
  readonly fiatCurrency: string;
  readonly description: string | null;
  /**
   * Whether Pay may create a payment now: `available`, or why not (deactivated, used up, or its API
   * key revoked or deactivated, so its payments would have nowhere to report).
   */
  readonly availability: 'available' | 'inactive' | 'sold_out' | 'key_inactive';
}

/**
 * The link with id `id` for its public page (any business: the id is the customer's credential), or
 * undefined for an unknown id. A link used up is still `available` to the client address whose unpaid
 * payment holds one of its uses (`clientAddress`, see `payFromLink`): Pay opens that payment again.
 */
export async function loadLinkPage(
  gateway: Gateway,
  id: string,
  clientAddress?: string,
): Promise<LinkPage | undefined> {
  const em = gateway.orm.em.fork();
  const now = gateway.clock.now();
  const link = await findPaymentLinkRow(em, now, undefined, id);
  if (!link) return undefined;
  const [facts] = await em
    .getConnection()
    .execute<{ name: string; key_status: string }[]>(
      'select b.name, k.status as key_status from businesses b, api_keys k where b.id = ? and k.id = ?',
      [link.business_id, link.api_key_id],
    );
  let availability = linkAvailability(link);
  if (availability === 'sold_out' && clientAddress && (await findHeldPayment(em, id, clientAddress, now)))
    availability = 'available';
  return {
    businessName: facts?.name ?? '',
    mode: link.mode,
    fiatAmount: link.fiat_amount,
    fiatCurrency: link.fiat_currency,
    description: link.description,
    availability:
      availability === 'available' && facts?.key_status !== 'active' ? 'key_inactive' : availability,
  };
}
