import { Business } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';

/** A business's payment preferences, in basis points. */
export interface PaymentPreferences {
  readonly underpaymentToleranceBps: number;
  readonly overpaymentThresholdBps: number;
}

/** The underpayment tolerance and overpayment threshold new payments of the business take. */
export async function loadPaymentPreferences(
  gateway: Gateway,
  businessId: string,
): Promise<PaymentPreferences> {
  const business = await gateway.orm.em.fork().findOneOrFail(Business, { id: businessId });
  return {
    underpaymentToleranceBps: business.underpaymentToleranceBps,
    overpaymentThresholdBps: business.overpaymentThresholdBps,
  };
}
