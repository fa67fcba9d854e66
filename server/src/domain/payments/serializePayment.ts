import { formatUnits } from '@cairn/chain-core';
import type { ChainId, ChainOption, Payment as PaymentBody, Refund as RefundBody } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../platform/config/loadConfig.js';
import {
  type IPayment,
  type IPaymentOption,
  type IRefund,
  type ITransfer,
  PaymentOption,
  Refund,
  Transfer,
} from '../../platform/db/entities/index.js';

/** A payment with the rows its API object is built from. */
export interface PaymentAggregate {
  readonly payment: IPayment;
  readonly options: readonly IPaymentOption[];
  readonly transfers: readonly ITransfer[];
  readonly refunds: readonly IRefund[];
}

/**
 * Loads the options, transfers and refunds of a payment. One query after the other: inside a
 * transaction they share one connection, and pg deprecates (pg 9 removes) concurrent queries on a
 * client.
 */
export async function loadAggregate(em: EntityManager, payment: IPayment): Promise<PaymentAggregate> {
  const options = await em.find(PaymentOption, { paymentId: payment.id }, { orderBy: { position: 'asc' } });
  const transfers = await em.find(Transfer, { paymentId: payment.id }, { orderBy: { detectedAt: 'asc' } });
  const refunds = await em.find(Refund, { paymentId: payment.id }, { orderBy: { createdAt: 'asc' } });
  return { payment, options, transfers, refunds };
}

/** RFC 3339 UTC with `Z`, second precision when there are no milliseconds. */
export const rfc3339 = (date: Date) => date.toISOString().replace('.000Z', 'Z');

/** The sum of live (not removed) transfers, in the selected coin's smallest unit. */
export function amountReceived(transfers: readonly ITransfer[]): bigint {
  return transfers.filter((t) => !t.removed).reduce((sum, t) => sum + BigInt(t.amount), 0n);
}

/** The part of `amountReceived` reported as arriving after the payment closed (refundable). */
export function amountReceivedAfterClose(transfers: readonly ITransfer[]): bigint {
  return amountReceived(transfers.filter((t) => t.closing === 'reported'));
}

function serializeOption(payment: IPayment, option: IPaymentOption): ChainOption {
  const selected =
    payment.selectedChainId === option.chainId && payment.selectedCoinSymbol === option.coinSymbol;
  return {
    chain_id: option.chainId as ChainId,
    coin_symbol: option.coinSymbol,
    crypto_amount: option.cryptoAmount,
    display_amount: formatUnits(BigInt(option.cryptoAmount), option.decimals),
    address: selected ? (payment.depositAddress ?? '') : '',
    memo: selected ? payment.depositMemo : '',
    payment_uri: selected ? payment.paymentUri : '',
    exchange_rate: option.exchangeRate,
    exchange_rate_locked_at: rfc3339(option.lockedAt),
  };
}

/** The API's refund object. */
export function serializeRefund(refund: IRefund): RefundBody {
  return {
    id: refund.id,
    payment_id: refund.paymentId,
    chain_id: refund.chainId as ChainId,
    coin_symbol: refund.coinSymbol,
    tx_id: refund.txId,
    amount: refund.amount,
    created_at: rfc3339(refund.createdAt),
  };
}

/** The API's payment object (docs/api.md, Payments) from its rows. */
export function serializePayment(config: Config, aggregate: PaymentAggregate): PaymentBody {
  const { payment, options, transfers, refunds } = aggregate;
  const received = amountReceived(transfers);
  const locked = payment.lockedAmount == null ? null : BigInt(payment.lockedAmount);
  const due = locked === null ? 0n : locked > received ? locked - received : 0n;
  const required = payment.requiredConfirmations ?? 0;
  return {
    id: payment.id,
    status: payment.status,
    mode: payment.mode,
    fiat_amount: payment.fiatAmount,
    fiat_currency: payment.fiatCurrency,
    checkout_url: `${config.urls.checkout}/${payment.id}`,
    expires_at: rfc3339(payment.expiresAt),
    created_at: rfc3339(payment.createdAt),
    updated_at: rfc3339(payment.updatedAt),
    chain_options: options.map((o) => serializeOption(payment, o)),
    selected_chain_id: (payment.selectedChainId ?? null) as ChainId | null,
    selected_coin_symbol: payment.selectedCoinSymbol ?? null,
    amount_received: received.toString(),
    amount_due: due.toString(),
    amount_received_after_close: amountReceivedAfterClose(transfers).toString(),
    overpaid: payment.overpaid,
    revived: payment.revived,
    underpayment_tolerance_bps: payment.underpaymentToleranceBps,
    overpayment_threshold_bps: payment.overpaymentThresholdBps,
    order_id: payment.orderId ?? null,
    description: payment.description ?? null,
    customer_email: payment.customerEmail ?? null,
    success_url: payment.successUrl ?? null,
    cancel_url: payment.cancelUrl ?? null,
    accepted_chains: payment.acceptedChains as ChainId[],
    accepted_coins: payment.acceptedCoins,
    accepted_tokens: payment.acceptedTokens,
    restrict_to_accepted: payment.restrictToAccepted,
    cancelled_by: payment.cancelledBy ?? null,
    failure_reason: payment.failureReason ?? null,
    confirmed_at: payment.confirmedAt ? rfc3339(payment.confirmedAt) : null,
    refund_address: payment.refundAddress ?? null,
    transactions: transfers.map((t) => ({
      chain_id: t.chainId as ChainId,
      coin_symbol: t.coinSymbol,
      tx_id: t.txId,
      output_index: t.outputIndex < 0 ? null : t.outputIndex,
      amount: t.amount,
      confirmations: t.confirmations,
      status: t.removed
        ? 'removed'
        : t.confirmations === 0
          ? 'detected'
          : t.confirmations >= required
            ? 'confirmed'
            : 'confirming',
      detected_at: rfc3339(t.detectedAt),
      received_after_close: t.closing === 'reported',
    })),
    refunds: refunds.map(serializeRefund),
    metadata: payment.metadata ?? {},
    payment_link_id: payment.paymentLinkId ?? null,
    invoice_id: payment.invoiceId ?? null,
  };
}
