import * as z from 'zod';
import { AtomicAmount, ChainIdSchema, CoinSymbol, DecimalString, Timestamp } from './primitives.js';

/** One chain and coin a payment can be paid in, with its locked crypto amount. */
export const ChainOptionSchema = z
  .object({
    chain_id: ChainIdSchema,
    coin_symbol: CoinSymbol,
    crypto_amount: AtomicAmount.meta({
      description: "Integer amount in the coin's smallest unit (wei, satoshi, lamport).",
    }),
    display_amount: DecimalString.meta({
      description: 'Human-readable amount in whole coins.',
      example: '0.0125',
    }),
    address: z.string().meta({
      description:
        'Deposit address. Empty string at creation; derived when a chain is picked on the checkout.',
    }),
    memo: z.string().meta({
      description:
        'Destination tag (XRP), memo (Stellar) or reference key (Solana) the customer must include. Empty when the chain needs none or before a chain is picked.',
    }),
    payment_uri: z.string().meta({
      description: 'Payment URI (BIP21, EIP-681, Solana Pay, SEP-7, XRP). Empty string at creation.',
    }),
    exchange_rate: DecimalString.meta({
      description: 'Decimal rate used: fiat units per whole coin.',
      example: '64250.12',
    }),
    exchange_rate_locked_at: Timestamp.meta({
      description: 'When the crypto amount was locked; it holds for the payment window.',
    }),
  })
  .meta({ id: 'ChainOption', description: 'A chain and coin the payment can be paid in.' });

export type ChainOption = z.infer<typeof ChainOptionSchema>;
