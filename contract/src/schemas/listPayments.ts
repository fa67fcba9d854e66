import * as z from 'zod';
import { PAYMENT_STATUSES, type PaymentStatus } from '../paymentStatus.js';
import { PaymentSchema } from './payment.js';
import { InvoiceId, PaymentId, PaymentLinkId, TimestampFilter } from './primitives.js';

export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;

const statusList = z
  .string()
  .regex(/^[a-z_]+(,[a-z_]+)*$/, 'must be one status or a comma-separated list')
  .refine(
    (v) => v.split(',').every((s) => (PAYMENT_STATUSES as readonly string[]).includes(s)),
    `each status must be one of: ${PAYMENT_STATUSES.join(', ')}`,
  )
  .meta({ description: 'One status or a comma-separated list, e.g. `confirmed,underpaid`.' });

/**
 * `limit` as the query string carries it: plain decimal digits only. `z.coerce.number()` read `1e2`,
 * `0x64`, ` 100` or `100.0` as 100. Described as an integer, as the value it stands for.
 */
export const ListLimit = z
  .string()
  .refine((v) => /^(0|[1-9][0-9]{0,8})$/.test(v), {
    message: 'must be a whole number written in decimal digits, such as 20',
    abort: true,
  })
  .transform(Number)
  .pipe(z.number().int().min(1).max(LIST_LIMIT_MAX))
  .meta({ type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX });

export const ListPaymentsQuerySchema = z
  .object({
    limit: ListLimit.optional().meta({
      description: `Page size, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`,
    }),
    starting_after: PaymentId.optional().meta({
      description: 'Cursor: the id of the last payment of the previous page.',
    }),
    status: statusList.optional(),
    order_id: z.string().min(1).max(255).optional(),
    payment_link_id: PaymentLinkId.optional().meta({ description: 'Only the payments this link created.' }),
    invoice_id: InvoiceId.optional().meta({ description: 'Only the payments of this invoice.' }),
    created_gte: TimestampFilter.optional().meta({
      description: 'Only payments created at or after this time.',
    }),
    created_lt: TimestampFilter.optional().meta({ description: 'Only payments created before this time.' }),
  })
  .strict();

/** The list query as sent: every value a string, as the query string carries it. */
export type ListPaymentsQuery = z.input<typeof ListPaymentsQuerySchema>;

/** The list query once validated: `limit` a number. */
export type ParsedListPaymentsQuery = z.output<typeof ListPaymentsQuerySchema>;

/** Splits the `status` filter into statuses. */
export function parseStatusFilter(value: string | undefined): PaymentStatus[] | undefined {
  return value === undefined ? undefined : (value.split(',') as PaymentStatus[]);
}

export const PaymentListSchema = z
  .object({
    data: z.array(PaymentSchema),
    has_more: z.boolean(),
    next_starting_after: PaymentId.nullable().meta({
      description: 'Pass as starting_after for the next page.',
    }),
  })
  .meta({ id: 'PaymentList', description: 'A page of payments, newest first.' });

export type PaymentList = z.infer<typeof PaymentListSchema>;
