import { randomUUID } from 'node:crypto';
import { getChain, getCoin, type RecordRefundRequest, type Refund as RefundBody } from '@cairn/contract';
import type { AuthContext } from '../auth/authenticate.js';
import { Refund } from '../db/entities/index.js';
import { ApiError } from '../errors/ApiError.js';
import type { Gateway } from '../gateway.js';
import { lockPayment } from './lockPayment.js';
import { serializeRefund } from './serializePayment.js';
import { transitionPayment } from './transitionPayment.js';

/**
 * POST /api/v1/payments/{id}/refunds: records a refund the merchant sent on-chain; the payment becomes
 * `refunded` and payment.refunded is sent. The chain must be of the key's mode and carry the coin.
 */
export async function recordRefund(
  gateway: Gateway,
  auth: AuthContext,
  id: string,
  body: RecordRefundRequest,
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
  return gateway.orm.em.fork().transactional(async (em) => {
    const payment = await lockPayment(em, auth, id);
    const refund = em.create(Refund, {
      id: randomUUID(),
      paymentId: payment.id,
      chainId: body.chain_id,
      coinSymbol: body.coin_symbol,
      txId: body.tx_id,
      amount: body.amount,
      createdAt: gateway.clock.now(),
    });
    await transitionPayment(gateway, em, payment, { type: 'refund_recorded' });
    return serializeRefund(refund);
  });
}
