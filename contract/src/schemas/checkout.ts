import * as z from 'zod';
import { ChainOptionSchema } from './chainOption.js';
import { PaymentStatusSchema } from './payment.js';
import {
  AtomicAmount,
  ChainIdSchema,
  CoinSymbol,
  PaymentId,
  Timestamp,
  TokenNotation,
} from './primitives.js';

/** The option the customer picked, with the deposit target and progress. */
export const SelectedOptionSchema = ChainOptionSchema.extend({
  amount_received: AtomicAmount,
  amount_due: AtomicAmount,
  confirmations: z.int().min(0).meta({ description: 'Lowest confirmation count among live transfers.' }),
  required_confirmations: z.int().min(0),
}).meta({
  id: 'SelectedOption',
  description: 'The chain option the customer picked, with its deposit target.',
});

export const CheckoutSchema = z
  .object({
    payment_id: PaymentId,
    status: PaymentStatusSchema,
    fiat_amount: z.string(),
    fiat_currency: z.string(),
    description: z.string().nullable(),
    business_name: z.string(),
    expires_at: Timestamp,
    default_token: TokenNotation.nullable().meta({
      description: 'The option the checkout preselects, from the accepted_* fields.',
    }),
    chain_options: z.array(ChainOptionSchema).meta({ description: 'Options offered, accepted ones first.' }),
    selected: SelectedOptionSchema.nullable(),
    success_url: z.string().nullable(),
    cancel_url: z.string().nullable(),
  })
  .meta({ id: 'Checkout', description: 'What the hosted checkout shows for a payment.' });

export type Checkout = z.infer<typeof CheckoutSchema>;

export const SelectChainRequestSchema = z
  .union([
    z.object({ chain_id: ChainIdSchema, coin_symbol: CoinSymbol }).strict(),
    z.object({ token: TokenNotation }).strict(),
  ])
  .meta({
    id: 'SelectChainRequest',
    description: 'The chain and coin to pay with: chain_id + coin_symbol, or a `<CHAIN>:<SYMBOL>` token.',
    example: { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC' },
  });

export type SelectChainRequest = z.input<typeof SelectChainRequestSchema>;
