import type { CancelledBy, FailureReason, Mode, PaymentStatus } from '@cairn/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** A payment row. Amounts in smallest units are numeric(78,0) strings here; code converts to bigint. */
export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.uuid().primary(),
    businessId: p.uuid(),
    apiKeyId: p.uuid(),
    mode: p.string().$type<Mode>(),
    status: p.string().$type<PaymentStatus>(),
    fiatAmount: p.decimal('string'),
    fiatCurrency: p.string(),
    orderId: p.string().nullable(),
    description: p.text().nullable(),
    customerEmail: p.string().nullable(),
    successUrl: p.text().nullable(),
    cancelUrl: p.text().nullable(),
    acceptedChains: p.array(),
    acceptedCoins: p.array(),
    acceptedTokens: p.array(),
    restrictToAccepted: p.boolean(),
    underpaymentToleranceBps: p.integer(),
    overpaymentThresholdBps: p.integer(),
    feeUsd: p.decimal('string'),
    expiresAt: p.datetime(),
    lateGraceEndsAt: p.datetime(),
    selectedChainId: p.string().nullable(),
    selectedCoinSymbol: p.string().nullable(),
    selectedAt: p.datetime().nullable(),
    walletId: p.uuid().nullable(),
    derivationIndex: p.integer().nullable(),
    depositAddress: p.string().nullable(),
    depositMemo: p.string(),
    paymentUri: p.text(),
    lockedAmount: p.decimal('string').nullable(),
    requiredConfirmations: p.integer().nullable(),
    revived: p.boolean(),
    overpaid: p.boolean(),
    feeCharged: p.boolean(),
    cancelledBy: p.string().$type<CancelledBy>().nullable(),
    failureReason: p.string().$type<FailureReason>().nullable(),
    confirmedAt: p.datetime().nullable(),
    /** Live amount when the payment confirmed (smallest units). */
    confirmedAmount: p.decimal('string').nullable(),
    /** Live amount when the payment expired (smallest units). */
    receivedAtExpiry: p.decimal('string').nullable(),
    /** Where the customer asked to be refunded (validated for the selected chain on the checkout). */
    refundAddress: p.text().nullable(),
    refundRequestedAt: p.datetime().nullable(),
    /** The merchant's own string keys and values, echoed in responses and webhooks. */
    metadata: p.json<Record<string, string>>(),
    /** The payment link whose page created the payment; null for payments created by the API. */
    paymentLinkId: p.uuid().nullable(),
    /** The invoice this payment pays; null otherwise. */
    invoiceId: p.uuid().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type IPayment = InferEntity<typeof Payment>;
