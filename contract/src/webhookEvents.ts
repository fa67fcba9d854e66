import * as z from 'zod';
import { InvoiceSchema } from './schemas/invoice.js';
import {
  CancelledBySchema,
  FailureReasonSchema,
  PaymentSchema,
  PaymentStatusSchema,
} from './schemas/payment.js';
import { AtomicAmount, ChainIdSchema, CoinSymbol, DecimalString, Timestamp } from './schemas/primitives.js';
import { StrayFundsSchema } from './schemas/strayFunds.js';

/**
 * Every payment event name: the thirteen of docs/webhooks.md, "Events", then `payment.received_after_close`
 * (funds that reached a payment's deposit address after it closed; see docs/decisions.md) and
 * `payment.reverted` (a reorg or double-spend took money back before the window closed; see
 * docs/lifecycle.md).
 */
export const PAYMENT_EVENT_NAMES = [
  'payment.awaiting',
  'payment.detected',
  'payment.confirming',
  'payment.confirmed',
  'payment.overpaid',
  'payment.underpaid',
  'payment.refund_requested',
  'payment.refunded',
  'payment.cancelled',
  'payment.expired',
  'payment.expired_underpaid',
  'payment.expired_reorged',
  'payment.failed',
  'payment.received_after_close',
  'payment.reverted',
] as const;

/** Every invoice event name (docs/webhooks.md, "Events"). */
export const INVOICE_EVENT_NAMES = [
  'invoice.sent',
  'invoice.viewed',
  'invoice.paid',
  'invoice.refunded',
  'invoice.reminder',
] as const;

/**
 * Every stray-funds event name (docs/webhooks.md, "Stray funds"): money that reached one of the
 * merchant's deposit addresses or accounts without counting toward a payment was found, or the
 * merchant resolved it (refunded, or attached to an open payment).
 */
export const STRAY_FUNDS_EVENT_NAMES = ['stray_funds.found', 'stray_funds.resolved'] as const;

/** Every webhook event name. */
export const WEBHOOK_EVENT_NAMES = [
  ...PAYMENT_EVENT_NAMES,
  ...INVOICE_EVENT_NAMES,
  ...STRAY_FUNDS_EVENT_NAMES,
] as const;

export type PaymentEventName = (typeof PAYMENT_EVENT_NAMES)[number];
export type InvoiceEventName = (typeof INVOICE_EVENT_NAMES)[number];
export type StrayFundsEventName = (typeof STRAY_FUNDS_EVENT_NAMES)[number];
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** Data of a plain payment event: the payment as it was at this event (right after its step). */
export const PaymentEventDataSchema = z.object({ payment: PaymentSchema }).meta({ id: 'PaymentEventData' });

export const PaymentOverpaidDataSchema = z
  .object({
    payment: PaymentSchema,
    chain_id: ChainIdSchema,
    coin_symbol: CoinSymbol,
    excess_amount: AtomicAmount.meta({
      description: "Excess over the locked amount, in the coin's smallest unit.",
    }),
    excess_display_amount: DecimalString.meta({ description: 'Excess in whole coins.' }),
  })
  .meta({ id: 'PaymentOverpaidData' });

export const PaymentUnderpaidDataSchema = z
  .object({
    payment: PaymentSchema,
    amount_due: AtomicAmount.meta({ description: "What is still owed, in the coin's smallest unit." }),
  })
  .meta({ id: 'PaymentUnderpaidData' });

export const PaymentCancelledDataSchema = z
  .object({ payment: PaymentSchema, cancelled_by: CancelledBySchema })
  .meta({ id: 'PaymentCancelledData' });

export const PaymentFailedDataSchema = z
  .object({ payment: PaymentSchema, failure_reason: FailureReasonSchema })
  .meta({ id: 'PaymentFailedData' });

export const PaymentReceivedAfterCloseDataSchema = z
  .object({
    payment: PaymentSchema,
    chain_id: ChainIdSchema,
    coin_symbol: CoinSymbol,
    tx_id: z.string().meta({ description: 'Transaction id or hash of the transfer.' }),
    output_index: z
      .int()
      .nullable()
      .meta({ description: 'Output index (UTXO) or log index (EVM); null elsewhere.' }),
    amount: AtomicAmount.meta({ description: "What the transfer paid, in the coin's smallest unit." }),
    display_amount: DecimalString.meta({ description: 'The same amount in whole coins.' }),
  })
  .meta({
    id: 'PaymentReceivedAfterCloseData',
    description:
      'A transfer reached the deposit address of a payment that no longer takes money (cancelled, expired past its late grace, expired_reorged, refund_requested, refunded or failed) and reached the required depth. The status does not change; the funds are in the merchant’s wallet, counted in `payment.amount_received_after_close`, and can be refunded with POST /api/v1/payments/{id}/refunds. Sent once per transfer.',
  });

export const PaymentRevertedDataSchema = z
  .object({
    payment: PaymentSchema,
    previous_status: PaymentStatusSchema.meta({
      description: 'The status the payment had before the money went back.',
    }),
  })
  .meta({
    id: 'PaymentRevertedData',
    description:
      'A reorg or a double-spend took money the payment had counted back out of the chain (or back into the mempool) before its window closed, and the payment moved back: to `awaiting_payment` (nothing left), `underpaid` (part left) or `payment_detected` (covered only with transactions back in the mempool). `payment.status` is the status it moved to; the transaction that left shows `status: "removed"` (or `"detected"` when it is back in the mempool). Sent before the event of the status entered, if that status has one (`payment.underpaid`, `payment.detected`); a move back to `awaiting_payment` sends only this event. The payment takes money again as before; do not release goods, and undo anything done on `payment.confirmed` if `previous_status` is `confirmed`.',
  });

export const InvoiceEventDataSchema = z.object({ invoice: InvoiceSchema }).meta({ id: 'InvoiceEventData' });

export const StrayFundsEventDataSchema = z.object({ stray_funds: StrayFundsSchema }).meta({
  id: 'StrayFundsEventData',
  description:
    'Money that reached one of your deposit addresses or accounts without counting toward any payment (another coin on a payment’s deposit address; a transfer to your account without an open payment’s destination tag or memo). `stray_funds.found` is sent once per transfer; `stray_funds.resolved` when it was marked refunded or attached to an open payment in the dashboard.',
});

const dataSchemaFor = (event: WebhookEventName) => {
  switch (event) {
    case 'payment.overpaid':
      return PaymentOverpaidDataSchema;
    case 'payment.underpaid':
      return PaymentUnderpaidDataSchema;
    case 'payment.cancelled':
      return PaymentCancelledDataSchema;
    case 'payment.failed':
      return PaymentFailedDataSchema;
    case 'payment.received_after_close':
      return PaymentReceivedAfterCloseDataSchema;
    case 'payment.reverted':
      return PaymentRevertedDataSchema;
    case 'stray_funds.found':
    case 'stray_funds.resolved':
      return StrayFundsEventDataSchema;
    default:
      return event.startsWith('invoice.') ? InvoiceEventDataSchema : PaymentEventDataSchema;
  }
};

/** `evt_<uuid>`: unique per event, stable across delivery retries; deduplicate on it. */
export const EventIdSchema = z
  .string()
  .regex(/^evt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  .meta({
    description: 'Unique delivery id `evt_<uuid>`; used to deduplicate.',
    example: 'evt_8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d',
  });

function envelope<E extends WebhookEventName>(event: E) {
  const id = `${event.replace(/(^|[._])([a-z])/g, (_m, _s, ch: string) => ch.toUpperCase())}Event`;
  return z
    .object({
      id: EventIdSchema,
      event: z.literal(event),
      created_at: Timestamp,
      data: dataSchemaFor(event),
    })
    .meta({ id, description: `The \`${event}\` webhook body.` });
}

/** One webhook body schema per event, keyed by event name. */
export const WEBHOOK_EVENT_SCHEMAS = Object.fromEntries(
  WEBHOOK_EVENT_NAMES.map((name) => [name, envelope(name)]),
) as { [E in WebhookEventName]: ReturnType<typeof envelope<E>> };

/** Any webhook body, discriminated on `event`. */
export const WebhookEventSchema = z
  .discriminatedUnion(
    'event',
    WEBHOOK_EVENT_NAMES.map((name) => WEBHOOK_EVENT_SCHEMAS[name]) as unknown as [
      ReturnType<typeof envelope<'payment.awaiting'>>,
      ...ReturnType<typeof envelope<WebhookEventName>>[],
    ],
  )
  .meta({ id: 'WebhookEvent', description: 'The body of a webhook delivery.' });

type DataOf<E extends WebhookEventName> = E extends 'payment.overpaid'
  ? z.infer<typeof PaymentOverpaidDataSchema>
  : E extends 'payment.underpaid'
    ? z.infer<typeof PaymentUnderpaidDataSchema>
    : E extends 'payment.cancelled'
      ? z.infer<typeof PaymentCancelledDataSchema>
      : E extends 'payment.failed'
        ? z.infer<typeof PaymentFailedDataSchema>
        : E extends 'payment.received_after_close'
          ? z.infer<typeof PaymentReceivedAfterCloseDataSchema>
          : E extends 'payment.reverted'
            ? z.infer<typeof PaymentRevertedDataSchema>
            : E extends InvoiceEventName
              ? z.infer<typeof InvoiceEventDataSchema>
              : E extends StrayFundsEventName
                ? z.infer<typeof StrayFundsEventDataSchema>
                : z.infer<typeof PaymentEventDataSchema>;

/** A webhook body for event `E`, with its typed data. */
export interface WebhookEventOf<E extends WebhookEventName> {
  id: string;
  event: E;
  created_at: string;
  data: DataOf<E>;
}

/** Any webhook body, discriminated on `event`. */
export type WebhookEvent = { [E in WebhookEventName]: WebhookEventOf<E> }[WebhookEventName];

/** Webhook delivery headers (docs/webhooks.md, "Headers"). */
export const WEBHOOK_HEADERS = {
  event: 'X-Webhook-Event',
  signature: 'X-Webhook-Signature',
  userAgent: 'Service-Webhook/1.0',
} as const;
