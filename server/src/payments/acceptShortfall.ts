import type { Payment as PaymentBody } from '@cairn/contract';
import type { AuthContext } from '../auth/authenticate.js';
import type { Gateway } from '../gateway.js';
import { lockPayment } from './lockPayment.js';
import { serializePayment } from './serializePayment.js';
import { transitionPayment } from './transitionPayment.js';

/** POST /api/v1/payments/{id}/accept-shortfall: the merchant accepts an underpayment (-> confirmed). */
export async function acceptShortfall(gateway: Gateway, auth: AuthContext, id: string): Promise<PaymentBody> {
  return gateway.orm.em.fork().transactional(async (em) => {
    const payment = await lockPayment(em, auth, id);
    const aggregate = await transitionPayment(gateway, em, payment, { type: 'accept_shortfall' });
    return serializePayment(gateway.config, aggregate);
  });
}
