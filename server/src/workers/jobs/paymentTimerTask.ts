import type { Task } from 'graphile-worker';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import type { PaymentTimerPayload } from '../../domain/payments/jobs.js';
import { lockPayment } from '../../domain/payments/lockPayment.js';
import { transitionPayment } from '../../domain/payments/transitionPayment.js';
import { Payment } from '../../platform/db/entities/index.js';

/**
 * Fires a payment's window or late-grace timer: the lifecycle module decides what it means now (a
 * stale window timer after a chain pick, or a revived payment, changes nothing).
 */
export function paymentTimerTask(gateway: Gateway): Task {
  return async (raw) => {
    const payload = raw as PaymentTimerPayload;
    const em = gateway.orm.em.fork();
    const found = await em.findOne(Payment, { id: payload.paymentId });
    if (!found) return;
    await em.transactional(async (tx) => {
      const payment = await lockPayment(tx, found, found.id);
      await transitionPayment(gateway, tx, payment, {
        type: payload.timer === 'window' ? 'window_closed' : 'late_grace_ended',
      });
    });
  };
}
