import type { Mode, PaymentLink } from '@cairn/contract';
import type { Config } from '../../platform/config/loadConfig.js';
import { rfc3339 } from '../payments/serializePayment.js';

/** A `payment_links` row as the link queries select it, with its current `uses`. */
export interface PaymentLinkRow {
  id: string;
  business_id: string;
  api_key_id: string;
  mode: Mode;
  fiat_amount: string;
  fiat_currency: string;
  description: string | null;
  accepted_chains: string[];
  accepted_coins: string[];
  accepted_tokens: string[];
  restrict_to_accepted: boolean;
  success_url: string | null;
  cancel_url: string | null;
  max_uses: number | null;
  metadata: Record<string, string> | string;
  created_at: Date | string;
  deactivated_at: Date | string | null;
  uses: number;
}

/**
 * Payment statuses that give a link's use back: the payment expired with nothing received, or was
 * cancelled. A late transfer that revives an expired payment counts it again, even past the limit:
 * money that arrives is never refused.
 */
export const RELEASED_STATUSES = ['expired', 'cancelled'] as const;

/**
 * Payment statuses of a payment that has received nothing yet: it holds a use of its link only for
 * {@link LINK_HOLD_MS} after it was created (each client address holding at most one at a time, see
 * `payFromLink`). Every other status of a link's payment (detected, confirming, paid, underpaid,
 * refunded, ...) counts against `max_uses` for good.
 */
export const UNPAID_STATUSES = ['pending', 'awaiting_payment'] as const;

/** How long an unpaid payment of a link holds one of its uses: 5 minutes. */
export const LINK_HOLD_MS = 5 * 60_000;

const quoted = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(', ');

/**
 * The columns of a link row, `l` being `payment_links`, with `uses` counted at `now` from its
 * payments: those that received something, and the unpaid ones created in the last
 * {@link LINK_HOLD_MS} (`payments_payment_link_idx (payment_link_id, status)` serves the count).
 */
export function linkColumns(now: Date): string {
  // An ISO-8601 string of a Date: digits, '-', ':', 'T', '.', 'Z' only.
  const holdsSince = new Date(now.getTime() - LINK_HOLD_MS).toISOString();
  return `l.id, l.business_id, l.api_key_id, l.mode, l.fiat_amount::text as fiat_amount,
  l.fiat_currency, l.description, l.accepted_chains, l.accepted_coins, l.accepted_tokens,
  l.restrict_to_accepted, l.success_url, l.cancel_url, l.max_uses, l.metadata, l.created_at,
  l.deactivated_at,
  (select count(*) from payments p where p.payment_link_id = l.id
    and p.status not in (${quoted(RELEASED_STATUSES)})
    and (p.status not in (${quoted(UNPAID_STATUSES)}) or p.created_at > '${holdsSince}'::timestamptz))::int as uses`;
}

const iso = (value: Date | string) => rfc3339(new Date(value));

/** The link's public page: `{checkout_url_base}/links/<id>`. */
export const paymentLinkUrl = (config: Pick<Config, 'urls'>, id: string) =>
  `${config.urls.checkout}/links/${id}`;

/** Whether the link may create another payment now (active, and under its limit). */
export function linkAvailability(row: PaymentLinkRow): 'available' | 'inactive' | 'sold_out' {
  if (row.deactivated_at !== null) return 'inactive';
  if (row.max_uses !== null && row.uses >= row.max_uses) return 'sold_out';
  return 'available';
}

/** The API's view of a link. */
export function serializePaymentLink(config: Pick<Config, 'urls'>, row: PaymentLinkRow): PaymentLink {
  return {
    id: row.id,
    mode: row.mode,
    active: row.deactivated_at === null,
    url: paymentLinkUrl(config, row.id),
    fiat_amount: row.fiat_amount,
    fiat_currency: row.fiat_currency,
    description: row.description,
    accepted_chains: row.accepted_chains as PaymentLink['accepted_chains'],
    accepted_coins: row.accepted_coins,
    accepted_tokens: row.accepted_tokens,
    restrict_to_accepted: row.restrict_to_accepted,
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    max_uses: row.max_uses,
    uses: row.uses,
    metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    created_at: iso(row.created_at),
    deactivated_at: row.deactivated_at === null ? null : iso(row.deactivated_at),
  };
}
