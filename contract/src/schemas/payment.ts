import * as z from 'zod';
import { CANCELLED_BY, FAILURE_REASONS, PAYMENT_STATUSES } from '../paymentStatus.js';
import { ChainOptionSchema } from './chainOption.js';
import { MetadataSchema } from './metadata.js';
import {
  AtomicAmount,
  ChainIdSchema,
  CoinSymbol,
  DecimalString,
  InvoiceId,
  PaymentId,
  PaymentLinkId,
  Timestamp,
  TokenNotation,
} from './primitives.js';

export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES).meta({
  id: 'PaymentStatus',
  description:
    'pending at creation; awaiting_payment after a chain is picked; payment_detected, confirming, confirmed as funds arrive; underpaid, refund_requested, refunded, expired, expired_underpaid, expired_reorged, cancelled, failed otherwise. Release goods only on confirmed.',
});

export const ModeSchema = z
  .enum(['test', 'live'])
  .meta({ id: 'Mode', description: 'test (testnets, no real funds) or live (mainnets).' });

export const FailureReasonSchema = z.enum(FAILURE_REASONS).meta({ id: 'FailureReason' });
export const CancelledBySchema = z.enum(CANCELLED_BY).meta({ id: 'CancelledBy' });

/** An on-chain transfer counted towards a payment. */
export const PaymentTransactionSchema = z
  .object({
    chain_id: ChainIdSchema,
    coin_symbol: CoinSymbol,
    tx_id: z.string().meta({ description: 'Transaction id or hash.' }),
    output_index: z
      .int()
      .nullable()
      .meta({ description: 'Output index (UTXO) or log index (EVM); null elsewhere.' }),
    amount: AtomicAmount,
    confirmations: z.int().min(0),
    status: z.enum(['detected', 'confirming', 'confirmed', 'removed']).meta({
      description:
        'detected: seen (mempool or block); confirming: in a block below depth; confirmed: at depth; removed: dropped by a reorg or double-spend.',
    }),
    detected_at: Timestamp,
    received_after_close: z.boolean().meta({
      description:
        'The transfer reached the required depth after the payment had closed (payment.received_after_close); it does not count towards the payment.',
    }),
  })
  .meta({ id: 'PaymentTransaction', description: 'An on-chain transfer to the payment’s deposit target.' });

/** A refund the merchant sent and recorded. */
export const RefundSchema = z
  .object({
    id: z.uuid(),
    payment_id: PaymentId,
    chain_id: ChainIdSchema,
    coin_symbol: CoinSymbol,
    tx_id: z.string(),
    amount: AtomicAmount,
    created_at: Timestamp,
  })
  .meta({ id: 'Refund', description: 'A refund the merchant sent on-chain and recorded.' });

export type Refund = z.infer<typeof RefundSchema>;

export const PaymentSchema = z
  .object({
    id: PaymentId,
    status: PaymentStatusSchema,
    mode: ModeSchema,
    fiat_amount: DecimalString.meta({ description: 'Fiat amount as a decimal string.', example: '49.90' }),
    fiat_currency: z.string().meta({ description: 'ISO 4217 currency code.', example: 'EUR' }),
    checkout_url: z
      .url()
      .meta({ description: '`{checkout_url_base}/<payment_id>`; hand it to the customer.' }),
    expires_at: Timestamp.meta({ description: 'Payment window deadline.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
    chain_options: z.array(ChainOptionSchema),
    selected_chain_id: ChainIdSchema.nullable().meta({
      description: 'Chain picked on the checkout; null until then.',
    }),
    selected_coin_symbol: CoinSymbol.nullable(),
    amount_received: AtomicAmount.meta({
      description: 'Sum of live transfers in the selected coin’s smallest unit ("0" before any).',
    }),
    amount_due: AtomicAmount.meta({
      description: 'What is still owed in the selected coin’s smallest unit ("0" when covered).',
    }),
    amount_received_after_close: AtomicAmount.meta({
      description:
        'Part of amount_received that arrived after the payment closed (cancelled, expired past its late grace, expired_reorged, refund_requested, refunded or failed) and reached the required depth: the live transfers reported by payment.received_after_close. Refundable with POST /api/v1/payments/{id}/refunds; "0" otherwise.',
    }),
    overpaid: z
      .boolean()
      .meta({ description: 'Set on a confirmed payment whose excess exceeded the threshold.' }),
    revived: z.boolean().meta({
      description: 'Set when an expired payment was revived by a late transfer; never auto-expired again.',
    }),
    underpayment_tolerance_bps: z
      .int()
      .min(0)
      .meta({ description: 'Snapshotted at creation, in basis points.' }),
    overpayment_threshold_bps: z
      .int()
      .min(0)
      .meta({ description: 'Snapshotted at creation, in basis points.' }),
    order_id: z.string().nullable(),
    description: z.string().nullable(),
    customer_email: z.string().nullable(),
    success_url: z.string().nullable(),
    cancel_url: z.string().nullable(),
    accepted_chains: z.array(ChainIdSchema),
    accepted_coins: z.array(CoinSymbol),
    accepted_tokens: z.array(TokenNotation),
    restrict_to_accepted: z.boolean(),
    cancelled_by: CancelledBySchema.nullable(),
    failure_reason: FailureReasonSchema.nullable(),
    confirmed_at: Timestamp.nullable(),
    refund_address: z.string().nullable().meta({
      description:
        'Where the customer asked to be refunded, validated for the selected chain; set with payment.refund_requested (also sent, without a status change, when the customer asks for funds that arrived after the payment closed), null before.',
    }),
    transactions: z.array(PaymentTransactionSchema),
    refunds: z.array(RefundSchema),
    metadata: MetadataSchema,
    payment_link_id: PaymentLinkId.nullable().meta({
      description: 'The payment link whose page created this payment; null for payments created by the API.',
    }),
    invoice_id: InvoiceId.nullable().meta({
      description: 'The invoice this payment pays (created by Pay on the invoice page); null otherwise.',
    }),
  })
  .meta({ id: 'Payment', description: 'A payment: a fiat amount payable in one of several chain options.' });

export type Payment = z.infer<typeof PaymentSchema>;
