import { initContract } from '@ts-rest/core';
import * as z from 'zod';
import { CheckoutSchema, SelectChainRequestSchema } from './schemas/checkout.js';
import { CreatePaymentRequestSchema } from './schemas/createPaymentRequest.js';
import { ErrorBodySchema } from './schemas/errorBody.js';
import { ExportCreditLedgerQuerySchema } from './schemas/exportCreditLedger.js';
import { ExportEventsQuerySchema } from './schemas/exportEvents.js';
import { ExportInvoicesQuerySchema } from './schemas/exportInvoices.js';
import {
  EXPORT_CONTENT_TYPES,
  ExportFileSchema,
  ExportPaymentsQuerySchema,
  exportFileSchema,
} from './schemas/exportPayments.js';
import { EventFollowSchema, FollowEventsQuerySchema } from './schemas/followEvents.js';
import {
  CreateInvoiceRequestSchema,
  InvoiceListSchema,
  InvoiceSchema,
  ListInvoicesQuerySchema,
} from './schemas/invoice.js';
import { EventListSchema, ListEventsQuerySchema } from './schemas/listEvents.js';
import { ListPaymentsQuerySchema, PaymentListSchema } from './schemas/listPayments.js';
import { PaymentSchema, RefundSchema } from './schemas/payment.js';
import {
  CreatePaymentLinkRequestSchema,
  ListPaymentLinksQuerySchema,
  PaymentLinkListSchema,
  PaymentLinkSchema,
} from './schemas/paymentLink.js';
import { InvoiceId, PaymentId, PaymentLinkId } from './schemas/primitives.js';
import { RecordRefundRequestSchema } from './schemas/refundRequest.js';
import { EventIdSchema, WebhookEventSchema } from './webhookEvents.js';

const c = initContract();

/** The header that makes a POST safe to retry (stored response for 24 h). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.string().min(1).max(255).optional().meta({
    description:
      'Makes the POST safe to retry: the same key with the same body returns the stored response for 24 hours; with a different body it is rejected with IDEMPOTENCY_KEY_REUSED.',
  }),
});

const IdParams = z.object({ id: PaymentId });

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Error responses every route can give. */
const commonResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
  503: ErrorBodySchema,
};

/** The Cairn merchant API, version 1. */
export const apiContract = c.router(
  {
    createPayment: {
      method: 'POST',
      path: '/payments',
      headers: IdempotencyHeaders,
      body: CreatePaymentRequestSchema,
      responses: { 201: data(PaymentSchema), 402: ErrorBodySchema, 409: ErrorBodySchema },
      summary: 'Create a payment',
      description:
        'Creates a payment in a fiat amount. Returns status `pending`, the hosted `checkout_url` and one chain option per chain and coin the API key accepts (or only the accepted set when `restrict_to_accepted` is true). Addresses and payment URIs are empty until the customer picks a chain. No webhook is sent.',
    },
    retrievePayment: {
      method: 'GET',
      path: '/payments/:id',
      pathParams: IdParams,
      responses: { 200: data(PaymentSchema) },
      summary: 'Retrieve a payment',
      description: 'Returns a payment of the calling key’s mode; other ids give 404 NOT_FOUND.',
    },
    listPayments: {
      method: 'GET',
      path: '/payments',
      query: ListPaymentsQuerySchema,
      responses: { 200: PaymentListSchema },
      summary: 'List payments',
      description:
        'Lists payments of the calling key’s mode, newest first, with cursor pagination (`limit`, `starting_after`) and filters.',
    },
    exportPayments: {
      method: 'GET',
      path: '/payments/export',
      query: ExportPaymentsQuerySchema,
      responses: { 200: c.otherResponse({ contentType: EXPORT_CONTENT_TYPES.csv, body: ExportFileSchema }) },
      summary: 'Export payments',
      description:
        'Every payment of the calling key’s mode matching the list’s filters, newest first, as one streamed file: `format=csv` (the default; `text/csv; charset=utf-8`, RFC 4180, a header row) or `format=jsonl` (`application/x-ndjson`, one JSON object per line). `Content-Disposition: attachment; filename="payments-<mode>-<date>.<csv|jsonl>"`. The columns: id, created_at, updated_at, status, mode, fiat_amount, fiat_currency, chain, coin, crypto_amount, amount_received, order_id, description, customer_email, confirmed_at, expires_at, cancelled_by, failure_reason, payment_link_id, invoice_id. Amounts are exact decimals (crypto ones in whole coins of `coin`), times RFC 3339 UTC. In CSV, a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `\'` (spreadsheet formula injection).',
    },
    cancelPayment: {
      method: 'DELETE',
      path: '/payments/:id',
      pathParams: IdParams,
      body: c.noBody(),
      responses: { 200: data(PaymentSchema), 409: ErrorBodySchema },
      summary: 'Cancel a payment',
      description:
        'Merchant cancel of a payment with no detected on-chain transaction (status pending or awaiting_payment). Emits `payment.cancelled` with `cancelled_by: merchant`. Later statuses give 409 PAYMENT_NOT_CANCELLABLE.',
    },
    acceptShortfall: {
      method: 'POST',
      path: '/payments/:id/accept-shortfall',
      pathParams: IdParams,
      headers: IdempotencyHeaders,
      body: c.noBody(),
      responses: { 200: data(PaymentSchema), 409: ErrorBodySchema },
      summary: 'Accept an underpayment',
      description:
        'Accepts the shortfall of an `underpaid` payment: it becomes `confirmed` and `payment.confirmed` is sent. Other statuses give 409 INVALID_PAYMENT_STATE.',
    },
    recordRefund: {
      method: 'POST',
      path: '/payments/:id/refunds',
      pathParams: IdParams,
      headers: IdempotencyHeaders,
      body: RecordRefundRequestSchema,
      responses: { 201: data(RefundSchema), 409: ErrorBodySchema },
      summary: 'Record a refund',
      description:
        'Records a refund the merchant already sent on-chain for a payment in `refund_requested`, `underpaid` or `expired_underpaid`. The payment becomes `refunded` and `payment.refunded` is sent. On a closed payment that received funds after its close (`amount_received_after_close`, reported by `payment.received_after_close`), records a refund of those funds, at most what arrived after the close less earlier such refunds: the status does not change and no event is sent.',
    },
    createPaymentLink: {
      method: 'POST',
      path: '/payment-links',
      headers: IdempotencyHeaders,
      body: CreatePaymentLinkRequestSchema,
      responses: { 201: data(PaymentLinkSchema) },
      summary: 'Create a payment link',
      description:
        'Creates a reusable link for a fixed fiat amount. Its `url` shows the amount and a Pay button; each press creates a payment of the calling key (its webhooks go to that key’s endpoint, with `payment_link_id` set and the link’s metadata copied) and opens its checkout. The accepted set is checked as when creating a payment. No webhook is sent.',
    },
    retrievePaymentLink: {
      method: 'GET',
      path: '/payment-links/:id',
      pathParams: z.object({ id: PaymentLinkId }),
      responses: { 200: data(PaymentLinkSchema) },
      summary: 'Retrieve a payment link',
      description:
        'Returns a payment link of the calling key’s business and mode; other ids give 404 NOT_FOUND.',
    },
    listPaymentLinks: {
      method: 'GET',
      path: '/payment-links',
      query: ListPaymentLinksQuerySchema,
      responses: { 200: PaymentLinkListSchema },
      summary: 'List payment links',
      description:
        'Lists the payment links of the calling key’s business and mode, newest first, with cursor pagination. List a link’s payments with `GET /payments?payment_link_id=`.',
    },
    deactivatePaymentLink: {
      method: 'POST',
      path: '/payment-links/:id/deactivate',
      pathParams: z.object({ id: PaymentLinkId }),
      headers: IdempotencyHeaders,
      body: c.noBody(),
      responses: { 200: data(PaymentLinkSchema) },
      summary: 'Deactivate a payment link',
      description:
        'Stops the link creating payments: its page then says it is no longer available. Payments it created are unaffected. Deactivating an inactive link returns it unchanged. There is no reactivation: create a new link.',
    },
    createInvoice: {
      method: 'POST',
      path: '/invoices',
      headers: IdempotencyHeaders,
      body: CreateInvoiceRequestSchema,
      responses: { 201: data(InvoiceSchema), 409: ErrorBodySchema },
      summary: 'Create an invoice',
      description:
        'Creates a `draft` invoice of the calling key: line items in one fiat currency (each amount rounded half-up to the currency’s decimals, the total their sum), a due date, the recipient and an optional reminder schedule. Nothing is sent until `send`. A number already used in this business and mode gives 409 INVOICE_NUMBER_TAKEN.',
    },
    retrieveInvoice: {
      method: 'GET',
      path: '/invoices/:id',
      pathParams: z.object({ id: InvoiceId }),
      responses: { 200: data(InvoiceSchema) },
      summary: 'Retrieve an invoice',
      description: 'Returns an invoice of the calling key’s business and mode; other ids give 404 NOT_FOUND.',
    },
    listInvoices: {
      method: 'GET',
      path: '/invoices',
      query: ListInvoicesQuerySchema,
      responses: { 200: InvoiceListSchema },
      summary: 'List invoices',
      description:
        'Lists the invoices of the calling key’s business and mode, newest first, with cursor pagination and filters (status, overdue, recipient, number, creation time).',
    },
    exportInvoices: {
      method: 'GET',
      path: '/invoices/export',
      query: ExportInvoicesQuerySchema,
      responses: {
        200: c.otherResponse({ contentType: EXPORT_CONTENT_TYPES.csv, body: exportFileSchema('invoices') }),
      },
      summary: 'Export invoices',
      description:
        'Every invoice of the calling key’s business and mode matching the list’s filters, newest first, as one streamed file: `format=csv` (the default; `text/csv; charset=utf-8`, RFC 4180, a header row) or `format=jsonl` (`application/x-ndjson`, one JSON object per line). `Content-Disposition: attachment; filename="invoices-<mode>-<date>.<csv|jsonl>"`. The columns: id, number, created_at, updated_at, status, overdue, mode, recipient_email, recipient_name, total, fiat_currency, due_date, memo, payment_id, sent_at, viewed_at, paid_at, refunded_at, voided_at, reminders_sent, last_reminder_at. `total` is an exact decimal in `fiat_currency`, times RFC 3339 UTC. In CSV, a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `\'` (spreadsheet formula injection).',
    },
    sendInvoice: {
      method: 'POST',
      path: '/invoices/:id/send',
      pathParams: z.object({ id: InvoiceId }),
      headers: IdempotencyHeaders,
      body: c.noBody(),
      responses: { 200: data(InvoiceSchema), 409: ErrorBodySchema },
      summary: 'Send an invoice',
      description:
        'Emails the recipient a link to the invoice page (`hosted_url`) and sends `invoice.sent`. A draft becomes `open` and its reminder schedule starts; sending an open invoice again emails it again. Paid, refunded or void invoices give 409 INVALID_INVOICE_STATE.',
    },
    remindInvoice: {
      method: 'POST',
      path: '/invoices/:id/remind',
      pathParams: z.object({ id: InvoiceId }),
      headers: IdempotencyHeaders,
      body: c.noBody(),
      responses: { 200: data(InvoiceSchema), 409: ErrorBodySchema },
      summary: 'Remind the recipient',
      description:
        'Emails the recipient a reminder now and sends `invoice.reminder`. Only an `open` invoice can be reminded (else 409 INVALID_INVOICE_STATE).',
    },
    voidInvoice: {
      method: 'POST',
      path: '/invoices/:id/void',
      pathParams: z.object({ id: InvoiceId }),
      headers: IdempotencyHeaders,
      body: c.noBody(),
      responses: { 200: data(InvoiceSchema), 409: ErrorBodySchema },
      summary: 'Void an invoice',
      description:
        'Voids a draft or open invoice: its page stops taking payment, reminders stop, and a payment of it not yet paid (pending or awaiting_payment) is cancelled. An invoice whose payment has received funds, or that is paid or refunded, gives 409 INVALID_INVOICE_STATE. Voiding a void invoice returns it unchanged. No event is sent (there is no invoice event for voiding).',
    },
    listEvents: {
      method: 'GET',
      path: '/events',
      query: ListEventsQuerySchema,
      responses: { 200: EventListSchema },
      summary: 'List events',
      description:
        'Lists the events of the calling key’s business and mode, newest first, with cursor pagination (`limit`, `starting_after`) and filters. Each is exactly the body its webhook deliveries carry (same `evt_` id), including events written while no endpoint was set or whose deliveries failed: reconcile with it. Events are kept as long as their payment (never deleted by Cairn).',
    },
    followEvents: {
      method: 'GET',
      path: '/events/follow',
      query: FollowEventsQuerySchema,
      responses: { 200: EventFollowSchema },
      summary: 'Follow events',
      description:
        'Long-poll for the events of the calling key’s business and mode: answers the events after `after` at once when there are any, oldest first; otherwise waits up to `wait` seconds (default 25, at most 30) for one and answers as soon as it commits (within about a second), or with none when the wait ends. Every answer carries `cursor`: pass it as `after` to continue, so a follower that reconnects misses none and gets none twice. Without `after` the follow starts now: only events committed from then on (an event of a transaction still open at that moment may be included). Long-poll rather than Server-Sent Events so that every client of this API (fetch, ts-rest, curl) reads it as a plain JSON answer. An `after` that is not an event of this key, or a malformed cursor, gives 422 VALIDATION_ERROR.',
    },
    exportEvents: {
      method: 'GET',
      path: '/events/export',
      query: ExportEventsQuerySchema,
      responses: {
        200: c.otherResponse({ contentType: EXPORT_CONTENT_TYPES.csv, body: exportFileSchema('events') }),
      },
      summary: 'Export events',
      description:
        'Every event of the calling key’s business and mode matching the list’s filters, newest first (the list’s order), as one streamed file: `format=csv` (the default; `text/csv; charset=utf-8`, RFC 4180, a header row) or `format=jsonl` (`application/x-ndjson`, one JSON object per line). `Content-Disposition: attachment; filename="events-<mode>-<date>.<csv|jsonl>"`. The columns: id, event, created_at, mode, payment_id, invoice_id, data (the webhook body’s `data` object as JSON text). In CSV, a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `\'` (spreadsheet formula injection).',
    },
    exportCreditLedger: {
      method: 'GET',
      path: '/credit/ledger/export',
      query: ExportCreditLedgerQuerySchema,
      responses: {
        200: c.otherResponse({
          contentType: EXPORT_CONTENT_TYPES.csv,
          body: exportFileSchema('Prepaid Credit ledger entries'),
        }),
      },
      summary: 'Export the Prepaid Credit ledger',
      description:
        'Every Prepaid Credit ledger entry of the calling key’s business in the key’s mode (test and live ledgers never mix), newest first, optionally within a creation range, as one streamed file: `format=csv` (the default; `text/csv; charset=utf-8`, RFC 4180, a header row) or `format=jsonl` (`application/x-ndjson`, one JSON object per line). `Content-Disposition: attachment; filename="credit-ledger-<mode>-<date>.<csv|jsonl>"`. The columns: id, created_at, kind, mode, amount_usd (a signed exact decimal, negative for a fee), currency (`USD`), payment_id. Times are RFC 3339 UTC.',
    },
    retrieveEvent: {
      method: 'GET',
      path: '/events/:id',
      pathParams: z.object({ id: EventIdSchema }),
      responses: { 200: data(WebhookEventSchema) },
      summary: 'Retrieve an event',
      description:
        'Returns one event (`evt_<uuid>`) of the calling key’s business and mode, as its webhook body; other ids give 404 NOT_FOUND.',
    },
    retrieveCheckout: {
      method: 'GET',
      path: '/checkout/:id',
      pathParams: IdParams,
      responses: { 200: data(CheckoutSchema) },
      summary: 'Read a checkout',
      description: 'What the hosted checkout shows; after select-chain it carries the deposit address.',
    },
    selectChain: {
      method: 'POST',
      path: '/checkout/:id/select-chain',
      pathParams: IdParams,
      headers: IdempotencyHeaders,
      body: SelectChainRequestSchema,
      responses: { 200: data(CheckoutSchema), 409: ErrorBodySchema },
      summary: 'Select the chain and coin',
      description:
        'The action the customer performs on the checkout: moves `pending` to `awaiting_payment`, derives the deposit address, locks the amount and sends `payment.awaiting`. Selecting the same option again returns the same address; a different option after one was picked gives 409 CHAIN_ALREADY_SELECTED. On a restricted payment a coin outside the accepted set gives 422 COIN_NOT_IN_ACCEPTED_SET.',
    },
    expireTestPayment: {
      method: 'POST',
      path: '/test_helpers/payments/:id/expire',
      pathParams: IdParams,
      headers: IdempotencyHeaders,
      body: c.noBody(),
      responses: { 200: data(PaymentSchema), 409: ErrorBodySchema },
      summary: 'Expire a test payment now',
      description:
        'Test mode only: ends the payment window of a test payment now, as if its timer had fired. A `pending` or `awaiting_payment` payment with nothing received becomes `expired` (`payment.expired`); an `underpaid` one becomes `expired_underpaid` (`payment.expired_underpaid`); its `expires_at` becomes the current time. Statuses whose window cannot end (payment detected, confirming, a revived payment, closed or final ones) give 409 INVALID_PAYMENT_STATE. A live key gives 403 TEST_MODE_ONLY; a live payment id is not found (404 NOT_FOUND) for a test key.',
    },
  },
  { pathPrefix: '/api/v1', commonResponses, strictStatusCodes: true },
);

/** The type of the merchant API contract. */
export type ApiContract = typeof apiContract;
