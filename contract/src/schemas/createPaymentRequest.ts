import * as z from 'zod';
import { COIN_SYMBOLS } from '../chainRegistry.js';
import { isIsoCurrency, minorUnitsOf } from '../fiatCurrency.js';
import { MetadataSchema } from './metadata.js';
import { ChainIdSchema, CoinSymbol, MerchantUrl, TokenNotation } from './primitives.js';

/** Maximum length of `description` (docs/limits.md). */
export const DESCRIPTION_MAX_LENGTH = 200;

/** A coin symbol some chain of the registry carries (which mode's chains is the server's check). */
const KnownCoinSymbol = CoinSymbol.refine((symbol) => COIN_SYMBOLS.includes(symbol), {
  error: (issue) => `no chain carries a coin ${JSON.stringify(issue.input)}`,
  // Only for a well-formed symbol: `btc` is told it is not upper case, not also that it is unknown.
  when: (payload) => payload.issues.length === 0,
});

/** Largest fiat amount accepted: 15 integer digits. */
const FIAT_AMOUNT_PATTERN = /^(0|[1-9][0-9]{0,14})(\.[0-9]{1,4})?$/;

/** `fiat_amount` as payments, links and invoice line items take it: a positive decimal string. */
export const FiatAmountField = z
  .string({ error: 'must be a decimal string such as "49.90", never a JSON number' })
  .regex(FIAT_AMOUNT_PATTERN, 'must be a decimal string such as "49.90" (at most 15 digits before the point)')
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero')
  .meta({ description: 'Amount in fiat as a decimal string. Never a JSON number.', example: '49.90' });

/** `fiat_currency`: an upper-case ISO 4217 code. */
export const FiatCurrencyField = z
  .string()
  .refine(isIsoCurrency, 'must be an upper-case ISO 4217 currency code such as "EUR"')
  .meta({ description: 'ISO 4217 currency code.', example: 'EUR' });

/** The accepted set, as a payment and a payment link take it. */
export const acceptedSetFields = {
  accepted_chains: z.array(ChainIdSchema).max(64).optional().meta({
    description:
      'Chains to show first (the checkout default). Not a restriction unless restrict_to_accepted is true.',
  }),
  accepted_coins: z.array(KnownCoinSymbol).max(64).optional().meta({
    description: 'Coins to show first. Same semantics as accepted_chains.',
  }),
  accepted_tokens: z.array(TokenNotation).max(64).optional().meta({
    description: 'Chain and coin pairs as `<CHAIN>:<SYMBOL>`. Same semantics as accepted_chains.',
  }),
  restrict_to_accepted: z.boolean().optional().meta({
    description:
      'When true the accepted set is a hard restriction: the checkout offers only that set and select-chain rejects anything outside it with COIN_NOT_IN_ACCEPTED_SET. Default false.',
  }),
};

// Characters are Unicode code points (as JSON Schema's maxLength counts them), not UTF-16 units.
/** `description`: shown on the checkout, at most {@link DESCRIPTION_MAX_LENGTH} characters. */
export const DescriptionField = z
  .string()
  .refine(
    (v) => [...v].length <= DESCRIPTION_MAX_LENGTH,
    `must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  )
  .meta({
    description: `Shown on the checkout. At most ${DESCRIPTION_MAX_LENGTH} characters.`,
    maxLength: DESCRIPTION_MAX_LENGTH,
  });

/** Refuses more decimals in `fiat_amount` than `fiat_currency` has (JPY has none, EUR two). */
export function checkFiatDecimals(
  body: { fiat_amount: string; fiat_currency: string },
  ctx: z.RefinementCtx,
  path: (string | number)[] = ['fiat_amount'],
): void {
  if (FIAT_AMOUNT_PATTERN.test(body.fiat_amount) && isIsoCurrency(body.fiat_currency)) {
    const decimals = body.fiat_amount.split('.')[1]?.length ?? 0;
    const minor = minorUnitsOf(body.fiat_currency);
    if (decimals > minor) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `${body.fiat_currency} has ${minor} decimal place(s); got ${decimals}`,
      });
    }
  }
}

export const CreatePaymentRequestSchema = z
  .object({
    fiat_amount: FiatAmountField,
    fiat_currency: FiatCurrencyField,
    ...acceptedSetFields,
    order_id: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({ description: 'Merchant reference.', example: 'order-1042' }),
    description: DescriptionField.optional(),
    customer_email: z.email().max(254).optional(),
    success_url: MerchantUrl.optional().meta({
      description: 'Where the checkout sends the customer after confirmation.',
    }),
    cancel_url: MerchantUrl.optional().meta({
      description: 'Where the checkout sends the customer after cancelling.',
    }),
    metadata: MetadataSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => checkFiatDecimals(body, ctx))
  .meta({
    id: 'CreatePaymentRequest',
    description: 'Creates a payment in a fiat amount.',
    example: {
      fiat_amount: '49.90',
      fiat_currency: 'EUR',
      accepted_tokens: ['ETH_SEPOLIA:USDC'],
      order_id: 'order-1042',
      description: 'Two bags of coffee',
      success_url: 'https://shop.example/thanks',
    },
  });

export type CreatePaymentRequest = z.input<typeof CreatePaymentRequestSchema>;

/** Whether a request names any accepted chain, coin or token. */
export function hasAcceptedSet(
  body: Pick<CreatePaymentRequest, 'accepted_chains' | 'accepted_coins' | 'accepted_tokens'>,
): boolean {
  return (
    (body.accepted_chains?.length ?? 0) > 0 ||
    (body.accepted_coins?.length ?? 0) > 0 ||
    (body.accepted_tokens?.length ?? 0) > 0
  );
}
