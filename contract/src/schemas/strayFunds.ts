import * as z from 'zod';
import { AtomicAmount, ChainIdSchema, CoinSymbol, DecimalString, Timestamp } from './primitives.js';

/** Why money counted toward no payment (docs/webhooks.md, "Stray funds"). */
export const STRAY_FUNDS_KINDS = [
  'other_coin',
  'missing_tag',
  'missing_memo',
  'missing_reference',
  'check',
  'escrow',
  'claimable_balance',
  'locked',
] as const;
export type StrayFundsKind = (typeof STRAY_FUNDS_KINDS)[number];

/** Where stray money stands: found (open), or resolved by the merchant. */
export const STRAY_FUNDS_STATUSES = ['open', 'refunded', 'attached'] as const;
export type StrayFundsStatus = (typeof STRAY_FUNDS_STATUSES)[number];

/** One transfer that reached the merchant without counting toward a payment. */
export const StrayFundsSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(STRAY_FUNDS_KINDS).meta({
      description:
        '`other_coin`: a coin the payment did not pick reached its deposit address (ETH on a USDC payment’s address); `missing_tag`/`missing_memo`: a transfer to your account without an open payment’s destination tag or memo; `missing_reference`: a Solana transfer to your wallet without an open payment’s reference; `check`/`escrow`: an XRP Check or Escrow naming your account (yours only once cashed or finished; never attachable); `claimable_balance`: a Stellar claimable balance in XLM or USDC naming your account (yours only once you claim it; never attachable); `locked`: a Monero transfer its sender locked with an unlock time.',
    }),
    status: z.enum(STRAY_FUNDS_STATUSES),
    chain_id: ChainIdSchema,
    coin_symbol: CoinSymbol,
    tx_id: z.string().meta({ description: 'Transaction id or hash of the transfer.' }),
    output_index: z.int().meta({ description: 'Output or log index; -1 for a transaction’s own value.' }),
    address: z.string().meta({ description: 'The deposit address or account the money reached.' }),
    tag: z.string().nullable().meta({ description: 'The destination tag or memo it carried, if any.' }),
    amount: AtomicAmount,
    display_amount: DecimalString,
    payment_id: z
      .uuid()
      .nullable()
      .meta({ description: 'The payment whose deposit address it reached (other_coin), else null.' }),
    attached_payment_id: z
      .uuid()
      .nullable()
      .meta({ description: 'The open payment it was attached to (status `attached`).' }),
    note: z.string().nullable().meta({ description: 'The merchant’s note when it was resolved.' }),
    found_at: Timestamp,
    resolved_at: Timestamp.nullable(),
  })
  .meta({ id: 'StrayFunds' });

export type StrayFunds = z.infer<typeof StrayFundsSchema>;
