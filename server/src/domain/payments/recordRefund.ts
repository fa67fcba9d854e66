import { randomUUID } from 'node:crypto';
import { getChain, getCoin, type RecordRefundRequest, type Refund as RefundBody } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Refund, Transfer } from '../../platform/db/entities/index.js';
import { inTransaction } from '../../platform/db/inTransaction.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import { applyDecision } from './applyDecision.js';
import { decidePayment } from './decidePayment.js';
import { lockPayment, type PaymentScope } from './lockPayment.js';
import { amountReceived, amountReceivedAfterClose, serializeRefund } from './serializePayment.js';

const tooMuch = (cap: bigint, what: string, short: string) =>
  new ApiError('VALIDATION_ERROR', `The refund amount exceeds the ${cap} smallest units ${what}.`, {
    fields: [{ field: 'amount', message: `must be at most ${cap} (${short})` }],
  });

/**
 * POST /api/v1/payments/{id}/refunds: records a refund the merchant sent on-chain; the payment becomes
 * `refunded` and payment.refunded is sent. The chain must be of the key's mode and carry the coin; once
 * the customer picked a chain, the refund must be on that chain and coin and at most what arrived.
 * Runs in `tx` when given (see inTransaction), else in a transaction of its own.
 *
 * On a closed payment that received funds after its close (payment.received_after_close), the refund
 * of those funds is recorded without a status change or event (the lifecycle decides): at most what
 * arrived after the close less the earlier such refunds, and never more than was received less every
 * earlier refund.
 */
export async function recordRefund(
  gateway: Gateway,
  auth: PaymentScope,
  id: string,
  body: RecordRefundRequest,
  tx?: EntityManager,
): Promise<RefundBody> {
  const chain = getChain(body.chain_id);
  if (!chain || chain.mode !== auth.mode || !getCoin(body.chain_id, body.coin_symbol)) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `${body.chain_id}:${body.coin_symbol} is not a ${auth.mode}-mode coin.`,
      {
        fields: [
          {
            field: 'chain_id',
            message: `must be a ${auth.mode}-mode chain that carries ${body.coin_symbol}`,
          },
        ],
      },
    );
  }
  return inTransaction(gateway.orm, tx, async (em) => {
    const payment = await lockPayment(em, auth, id);
    if (payment.selectedChainId) {
      const selected = `${payment.selectedChainId}:${payment.selectedCoinSymbol}`;
      if (`${body.chain_id}:${body.coin_symbol}` !== selected) {
        throw new ApiError(
          'VALIDATION_ERROR',
          `This payment was paid in ${selected}; refund in the same coin.`,
          {
            fields: [{ field: 'chain_id', message: `must be ${selected}, the payment's chain and coin` }],
          },
        );
      }
      const received = amountReceived(await em.find(Transfer, { paymentId: payment.id }));
      if (BigInt(body.amount) > received)
        throw tooMuch(received, 'this payment received', 'the amount received');
    }
    const { decision, transfers } = await decidePayment(gateway, em, payment, { type: 'refund_recorded' });
    const afterClose = decision.status === payment.status;
    if (afterClose) {
      const earlier = await em.find(Refund, { paymentId: payment.id });
      const sum = (refunds: typeof earlier) => refunds.reduce((total, r) => total + BigInt(r.amount), 0n);
      // What arrived after the close less its earlier refunds, and never more than is left overall.
      let cap = amountReceivedAfterClose(transfers) - sum(earlier.filter((r) => r.afterClose));
      const overall = amountReceived(transfers) - sum(earlier);
      if (overall < cap) cap = overall;
      if (cap < 0n) cap = 0n;
      if (BigInt(body.amount) > cap) {
        throw tooMuch(cap, 'left to refund of what arrived after the payment closed', 'what is left');
      }
    }
    const refund = em.create(Refund, {
      id: randomUUID(),
      paymentId: payment.id,
      chainId: body.chain_id,
      coinSymbol: body.coin_symbol,
      txId: body.tx_id,
      amount: body.amount,
      afterClose,
      createdAt: gateway.clock.now(),
    });
    // The payment object changed (its refunds), even when its status does not.
    payment.updatedAt = gateway.clock.now();
    await applyDecision(gateway, em, payment, decision);
    return serializeRefund(refund);
  });
}
