import * as z from 'zod';
import {
  acceptedSetFields,
  checkFiatDecimals,
  DescriptionField,
  FiatAmountField,
  FiatCurrencyField,
} from './createPaymentRequest.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, ListLimit } from './listPayments.js';
import { MetadataSchema } from './metadata.js';
import { ModeSchema } from './payment.js';
import {
  ChainIdSchema,
  CoinSymbol,
  MerchantUrl,
  PaymentLinkId,
  Timestamp,
  TokenNotation,
} from './primitives.js';

/** Largest `max_uses` a payment link takes. */
export const PAYMENT_LINK_MAX_USES = 1_000_000;

export const CreatePaymentLinkRequestSchema = z
  .object({
    fiat_amount: FiatAmountField,
    fiat_currency: FiatCurrencyField,
    description: DescriptionField.optional(),
    ...acceptedSetFields,
    success_url: MerchantUrl.optional().meta({
      description: 'Where the checkout sends the customer after confirmation.',
    }),
    cancel_url: MerchantUrl.optional().meta({
      description: 'Where the checkout sends the customer after cancelling.',
    }),
    max_uses: z
      .int()
      .min(1)
      .max(PAYMENT_LINK_MAX_USES)
      .optional()
      .meta({
        description: `At most this many of the link's payments count at once (1 to ${PAYMENT_LINK_MAX_USES}); unlimited when absent. Every payment counts except those that expired unpaid or were cancelled, which give their use back. Once reached, the link's page says it is sold out.`,
        example: 10,
      }),
    metadata: MetadataSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => checkFiatDecimals(body, ctx))
  .meta({
    id: 'CreatePaymentLinkRequest',
    description:
      'A reusable link for a fixed fiat amount: every customer who presses Pay on its page gets a payment of their own.',
    example: {
      fiat_amount: '25.00',
      fiat_currency: 'EUR',
      description: 'Workshop ticket',
      max_uses: 40,
      success_url: 'https://shop.example/thanks',
    },
  });

export type CreatePaymentLinkRequest = z.input<typeof CreatePaymentLinkRequestSchema>;

export const PaymentLinkSchema = z
  .object({
    id: PaymentLinkId,
    mode: ModeSchema,
    active: z.boolean().meta({
      description:
        'False once deactivated: the page then refuses new payments (existing ones are unaffected).',
    }),
    url: z.url().meta({
      description:
        '`{checkout_url_base}/links/<id>`: share it. It shows the amount and a Pay button; each press creates a payment and opens its checkout.',
    }),
    fiat_amount: FiatAmountField,
    fiat_currency: z.string().meta({ description: 'ISO 4217 currency code.', example: 'EUR' }),
    description: z.string().nullable(),
    accepted_chains: z.array(ChainIdSchema),
    accepted_coins: z.array(CoinSymbol),
    accepted_tokens: z.array(TokenNotation),
    restrict_to_accepted: z.boolean(),
    success_url: z.string().nullable(),
    cancel_url: z.string().nullable(),
    max_uses: z.int().nullable().meta({ description: 'The limit on uses; null when unlimited.' }),
    uses: z.int().min(0).meta({
      description:
        'Payments of the link that count against max_uses: all it created except those that expired unpaid or were cancelled.',
    }),
    metadata: MetadataSchema.meta({
      description:
        'Your references, copied to every payment the link creates (and so echoed in their webhooks).',
    }),
    created_at: Timestamp,
    deactivated_at: Timestamp.nullable(),
  })
  .meta({
    id: 'PaymentLink',
    description:
      'A reusable link for a fixed fiat amount; the payments it creates carry its id as `payment_link_id`.',
  });

export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

export const ListPaymentLinksQuerySchema = z
  .object({
    limit: ListLimit.optional().meta({
      description: `Page size, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`,
    }),
    starting_after: PaymentLinkId.optional().meta({
      description: 'Cursor: the id of the last link of the previous page.',
    }),
    active: z.enum(['true', 'false']).optional().meta({ description: 'Only active or only inactive links.' }),
  })
  .strict();

/** The payment-links query as sent. */
export type ListPaymentLinksQuery = z.input<typeof ListPaymentLinksQuerySchema>;

/** The payment-links query once validated. */
export type ParsedListPaymentLinksQuery = z.output<typeof ListPaymentLinksQuerySchema>;

export const PaymentLinkListSchema = z
  .object({
    data: z.array(PaymentLinkSchema),
    has_more: z.boolean(),
    next_starting_after: PaymentLinkId.nullable().meta({
      description: 'Pass as starting_after for the next page.',
    }),
  })
  .meta({ id: 'PaymentLinkList', description: 'A page of payment links, newest first.' });

export type PaymentLinkList = z.infer<typeof PaymentLinkListSchema>;
