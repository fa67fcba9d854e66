import { ApiError } from '../../platform/runtime/ApiError.js';
import { adapterOrUnavailable } from '../chainOffers/adapterOrUnavailable.js';
import type { Gateway } from '../gateway/Gateway.js';
import { applyDecision } from './applyDecision.js';
import { decidePayment } from './decidePayment.js';
import { lockPayment, type PaymentScope } from './lockPayment.js';
import { loadAggregate, type PaymentAggregate } from './serializePayment.js';

/**
 * The customer's refund request on the checkout (underpaid or expired_underpaid -> refund_requested,
 * event payment.refund_requested; or, on a closed payment holding funds that arrived after its close,
 * payment.refund_requested without a status change). The refund address is validated by the chain's
 * adapter for the payment's selected chain and stored on the payment in the same transaction as the
 * decision, so the webhook's `data.payment.refund_address` carries it. Asking again with the same
 * address after the request is a no-op; the lifecycle refuses every other state (409
 * INVALID_PAYMENT_STATE). An address that does not validate is 422 VALIDATION_ERROR on
 * `refund_address`.
 */
export async function requestRefund(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  refundAddress: string,
): Promise<PaymentAggregate> {
  return gateway.orm.em.fork().transactional(async (em) => {
    const payment = await lockPayment(em, scope, id);
    const chainId = payment.selectedChainId;
    if (!chainId) {
      throw new ApiError('INVALID_PAYMENT_STATE', 'No coin was picked, so nothing can be refunded.');
    }
    const adapter = adapterOrUnavailable(gateway.chains, chainId);
    if (!adapter.validateAddress) {
      throw new ApiError(
        'CHAIN_UNAVAILABLE',
        `Refund addresses cannot be checked on ${chainId} yet; contact the merchant for a refund.`,
      );
    }
    const validation = adapter.validateAddress(chainId, refundAddress);
    if (!validation.ok) {
      throw new ApiError('VALIDATION_ERROR', validation.message, {
        fields: [{ field: 'refund_address', message: validation.message }],
      });
    }
    if (payment.refundRequestedAt && payment.refundAddress === validation.normalized) {
      return loadAggregate(em, payment);
    }
    // Decided before the address is stored: the lifecycle accepts only a first request.
    const { decision } = await decidePayment(gateway, em, payment, { type: 'refund_requested' });
    payment.refundAddress = validation.normalized;
    payment.refundRequestedAt = gateway.clock.now();
    return applyDecision(gateway, em, payment, decision);
  });
}
