import * as z from 'zod';
import {
  EventIdSchema,
  WEBHOOK_EVENT_NAMES,
  type WebhookEvent,
  WebhookEventSchema,
} from '../webhookEvents.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, ListLimit } from './listPayments.js';
import { InvoiceId, PaymentId, TimestampFilter } from './primitives.js';

/** The `type` filter of the events routes: one event type or a comma-separated list. */
export const eventTypeList = z
  .string()
  .regex(/^[a-z_]+\.[a-z_]+(,[a-z_]+\.[a-z_]+)*$/, 'must be one event type or a comma-separated list')
  .refine(
    (v) => v.split(',').every((s) => (WEBHOOK_EVENT_NAMES as readonly string[]).includes(s)),
    `each type must be one of: ${WEBHOOK_EVENT_NAMES.join(', ')}`,
  )
  .meta({
    description: 'One event type or a comma-separated list, e.g. `payment.confirmed,payment.refunded`.',
  });

export const ListEventsQuerySchema = z
  .object({
    limit: ListLimit.optional().meta({
      description: `Page size, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`,
    }),
    starting_after: EventIdSchema.optional().meta({
      description: 'Cursor: the id of the last event of the previous page.',
    }),
    type: eventTypeList.optional(),
    payment_id: PaymentId.optional().meta({ description: 'Only the events of this payment.' }),
    invoice_id: InvoiceId.optional().meta({
      description: "Only the events of this invoice: its invoice.* events and its payments' events.",
    }),
    created_gte: TimestampFilter.optional().meta({
      description: 'Only events created at or after this time.',
    }),
    created_lt: TimestampFilter.optional().meta({ description: 'Only events created before this time.' }),
  })
  .strict();

/** The events query as sent: every value a string, as the query string carries it. */
export type ListEventsQuery = z.input<typeof ListEventsQuerySchema>;

/** The events query once validated: `limit` a number. */
export type ParsedListEventsQuery = z.output<typeof ListEventsQuerySchema>;

/** Splits the `type` filter into event names. */
export function parseEventTypeFilter(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',');
}

export const EventListSchema = z
  .object({
    data: z.array(WebhookEventSchema),
    has_more: z.boolean(),
    next_starting_after: EventIdSchema.nullable().meta({
      description: 'Pass as starting_after for the next page.',
    }),
  })
  .meta({
    id: 'EventList',
    description:
      'A page of events, newest first: each exactly the body a webhook delivery of it carries (same `evt_` id), whether or not it was delivered.',
  });

/** A page of events (typed per event, like {@link WebhookEvent}). */
export interface EventList {
  data: WebhookEvent[];
  has_more: boolean;
  next_starting_after: string | null;
}
