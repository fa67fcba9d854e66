import * as z from 'zod';
import { isIsoCurrency, minorUnitsOf } from '../fiatCurrency.js';
import { acceptedSetFields, DESCRIPTION_MAX_LENGTH, FiatCurrencyField } from './createPaymentRequest.js';
import { CustomerLanguageSchema } from './customerLanguage.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, ListLimit } from './listPayments.js';
import { MetadataSchema } from './metadata.js';
import { ModeSchema } from './payment.js';
import {
  ChainIdSchema,
  CoinSymbol,
  InvoiceId,
  PaymentId,
  Timestamp,
  TimestampFilter,
  TokenNotation,
} from './primitives.js';

/**
 * Invoice statuses (Cairn's own; docs/api.md, "Invoices"): `draft` until sent; `open` once sent and
 * until paid or voided; `paid` when its payment confirmed; `refunded` when that payment was refunded;
 * `void` when the merchant voided it. `overdue` is a flag on an open invoice past its due date, not a status.
 */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'refunded', 'void'] as const;

/** An invoice status. */
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES).meta({
  id: 'InvoiceStatus',
  description:
    'draft until sent; open once sent; paid when its payment confirmed; refunded when that payment was refunded; void when voided. An open invoice past its due date has `overdue: true`.',
});

/** Most line items on one invoice. */
export const INVOICE_MAX_LINE_ITEMS = 100;
/** Most scheduled reminders on one invoice. */
export const INVOICE_MAX_REMINDERS = 10;
/** Longest memo, in characters. */
export const INVOICE_MEMO_MAX_LENGTH = 2000;
/** Longest invoice number, in characters. */
export const INVOICE_NUMBER_MAX_LENGTH = 64;

const codePoints = (v: string) => [...v].length;

/** A quantity: a positive decimal string, at most 7 digits before the point and 4 after. */
const Quantity = z
  .string({ error: 'must be a decimal string such as "2" or "1.5", never a JSON number' })
  .regex(
    /^(0|[1-9][0-9]{0,6})(\.[0-9]{1,4})?$/,
    'must be a decimal string such as "2" or "1.5" (at most 7 digits before the point and 4 after)',
  )
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero')
  .meta({ description: 'How many, as a decimal string (at most 4 decimals).', example: '2' });

/** A unit price: a non-negative decimal string with at most 15 digits before the point. */
const UnitPrice = z
  .string({ error: 'must be a decimal string such as "12.50", never a JSON number' })
  .regex(/^(0|[1-9][0-9]{0,14})(\.[0-9]{1,4})?$/, 'must be a decimal string such as "12.50"')
  .meta({
    description: "Price of one, as a decimal string with at most the currency's decimals.",
    example: '12.50',
  });

export const LineItemInputSchema = z
  .object({
    description: z
      .string()
      .min(1, 'must not be empty')
      .refine(
        (v) => codePoints(v) <= DESCRIPTION_MAX_LENGTH,
        `must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
      )
      .meta({ maxLength: DESCRIPTION_MAX_LENGTH }),
    quantity: Quantity,
    unit_price: UnitPrice,
  })
  .strict()
  .meta({ id: 'LineItemInput', description: 'One line of an invoice.' });

/**
 * `YYYY-MM-DD`, a real calendar day from 0001-01-01 to 9998-12-31: year 0000 is no date PostgreSQL
 * stores, and a reminder (up to 365 days after the due date) must fall in a year that has four digits.
 */
const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
  }, 'must be a real calendar date')
  .refine((v) => v >= '0001-01-01' && v <= '9998-12-31', 'must be a date from 0001-01-01 to 9998-12-31')
  .meta({ description: 'A calendar date, YYYY-MM-DD (UTC).', example: '2026-12-31' });

export const CreateInvoiceRequestSchema = z
  .object({
    number: z
      .string()
      .min(1)
      .max(INVOICE_NUMBER_MAX_LENGTH)
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._/-]*$/,
        'must be letters, digits and . _ / - (starting with a letter or digit)',
      )
      .optional()
      .meta({
        description: `Your invoice number, unique per business and mode (at most ${INVOICE_NUMBER_MAX_LENGTH} characters). Default: the next \`INV-000001\`-style number.`,
        example: 'INV-2026-0042',
      }),
    recipient_email: z.email().max(254).meta({ description: 'Where sending and reminders go.' }),
    recipient_name: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Shown on the invoice.', example: 'Ada Lovelace' }),
    fiat_currency: FiatCurrencyField,
    line_items: z.array(LineItemInputSchema).min(1).max(INVOICE_MAX_LINE_ITEMS),
    due_date: CalendarDate.meta({ description: 'When payment is due (YYYY-MM-DD, UTC).' }),
    memo: z
      .string()
      .refine(
        (v) => codePoints(v) <= INVOICE_MEMO_MAX_LENGTH,
        `must be at most ${INVOICE_MEMO_MAX_LENGTH} characters`,
      )
      .optional()
      .meta({ description: 'A note shown on the invoice.', maxLength: INVOICE_MEMO_MAX_LENGTH }),
    language: CustomerLanguageSchema.optional().meta({
      description:
        "The language of the invoice mails and the recipient's pages (the recipient can still change the pages' language). Default: the pages follow the recipient's browser, and the mails are in English.",
    }),
    ...acceptedSetFields,
    reminder_days: z
      .array(z.int().min(-60).max(365))
      .max(INVOICE_MAX_REMINDERS)
      .optional()
      .meta({
        description:
          'When to remind the recipient of an open invoice, in days relative to the due date: negative before it, 0 on it, positive after it (each at 09:00 UTC). Example: `[-3, 0, 7]`.',
        example: [-3, 0, 7],
      }),
    metadata: MetadataSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!isIsoCurrency(body.fiat_currency)) return;
    const minor = minorUnitsOf(body.fiat_currency);
    body.line_items.forEach((item, index) => {
      const decimals = item.unit_price.split('.')[1]?.length ?? 0;
      if (decimals > minor) {
        ctx.addIssue({
          code: 'custom',
          path: ['line_items', index, 'unit_price'],
          message: `${body.fiat_currency} has ${minor} decimal place(s); got ${decimals}`,
        });
      }
    });
  })
  .meta({
    id: 'CreateInvoiceRequest',
    description: 'Creates a draft invoice; send it to email the recipient a link to pay it.',
    example: {
      recipient_email: 'ada@example.com',
      recipient_name: 'Ada Lovelace',
      fiat_currency: 'EUR',
      line_items: [
        { description: 'Design work', quantity: '12', unit_price: '80.00' },
        { description: 'Hosting', quantity: '1', unit_price: '15.00' },
      ],
      due_date: '2026-12-31',
      reminder_days: [-3, 0, 7],
    },
  });

export type CreateInvoiceRequest = z.input<typeof CreateInvoiceRequestSchema>;

export const LineItemSchema = z
  .object({
    description: z.string(),
    quantity: z.string(),
    unit_price: z.string(),
    amount: z.string().meta({
      description: "quantity × unit_price, rounded half-up to the currency's decimals.",
      example: '960.00',
    }),
  })
  .meta({ id: 'LineItem', description: 'One line of an invoice, with its amount.' });

/** One line of an invoice, with its amount. */
export type LineItem = z.infer<typeof LineItemSchema>;

export const InvoiceSchema = z
  .object({
    id: InvoiceId,
    number: z.string(),
    mode: ModeSchema,
    status: InvoiceStatusSchema,
    overdue: z.boolean().meta({ description: 'True while the invoice is open and its due date has passed.' }),
    recipient_email: z.string(),
    recipient_name: z.string().nullable(),
    fiat_currency: z.string().meta({ description: 'ISO 4217 currency code.', example: 'EUR' }),
    line_items: z.array(LineItemSchema),
    total: z.string().meta({
      description: "Sum of the line amounts: what the invoice's payment asks for.",
      example: '975.00',
    }),
    due_date: z.string().meta({ description: 'YYYY-MM-DD (UTC).', example: '2026-12-31' }),
    memo: z.string().nullable(),
    language: CustomerLanguageSchema.nullable().meta({
      description: 'The language the merchant set for the mails and pages; null when none was set.',
    }),
    accepted_chains: z.array(ChainIdSchema),
    accepted_coins: z.array(CoinSymbol),
    accepted_tokens: z.array(TokenNotation),
    restrict_to_accepted: z.boolean(),
    reminder_days: z.array(z.int()),
    metadata: MetadataSchema,
    payment_id: PaymentId.nullable().meta({
      description:
        'The payment the recipient is paying with (created by Pay on the invoice page; a new one replaces one that can no longer be paid: expired with nothing received, cancelled, failed or reorged out); null before.',
    }),
    hosted_url: z.url().meta({
      description:
        '`{checkout_url_base}/invoices/<id>`: the page the recipient pays from (not shown while draft).',
    }),
    sent_at: Timestamp.nullable(),
    viewed_at: Timestamp.nullable().meta({
      description: 'When the recipient first opened the invoice page.',
    }),
    paid_at: Timestamp.nullable(),
    refunded_at: Timestamp.nullable(),
    voided_at: Timestamp.nullable(),
    reminders_sent: z.int().min(0),
    last_reminder_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({
    id: 'Invoice',
    description: 'An invoice: line items in one fiat currency, paid through one payment.',
  });

export type Invoice = z.infer<typeof InvoiceSchema>;

const invoiceStatusList = z
  .string()
  .regex(/^[a-z]+(,[a-z]+)*$/, 'must be one status or a comma-separated list')
  .refine(
    (v) => v.split(',').every((s) => (INVOICE_STATUSES as readonly string[]).includes(s)),
    `each status must be one of: ${INVOICE_STATUSES.join(', ')}`,
  )
  .meta({ description: 'One status or a comma-separated list, e.g. `open,paid`.' });

export const ListInvoicesQuerySchema = z
  .object({
    limit: ListLimit.optional().meta({
      description: `Page size, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`,
    }),
    starting_after: InvoiceId.optional().meta({
      description: 'Cursor: the id of the last invoice of the previous page.',
    }),
    status: invoiceStatusList.optional(),
    overdue: z
      .enum(['true', 'false'])
      .optional()
      .meta({ description: 'Only overdue (or only not overdue) invoices.' }),
    recipient_email: z
      .string()
      .min(1)
      .max(254)
      .optional()
      .meta({ description: 'Exact recipient address (case-insensitive).' }),
    number: z.string().min(1).max(INVOICE_NUMBER_MAX_LENGTH).optional(),
    created_gte: TimestampFilter.optional().meta({
      description: 'Only invoices created at or after this time.',
    }),
    created_lt: TimestampFilter.optional().meta({ description: 'Only invoices created before this time.' }),
  })
  .strict();

/** The invoices query as sent. */
export type ListInvoicesQuery = z.input<typeof ListInvoicesQuerySchema>;

/** The invoices query once validated. */
export type ParsedListInvoicesQuery = z.output<typeof ListInvoicesQuerySchema>;

export const InvoiceListSchema = z
  .object({
    data: z.array(InvoiceSchema),
    has_more: z.boolean(),
    next_starting_after: InvoiceId.nullable().meta({
      description: 'Pass as starting_after for the next page.',
    }),
  })
  .meta({ id: 'InvoiceList', description: 'A page of invoices, newest first.' });

export type InvoiceList = z.infer<typeof InvoiceListSchema>;
