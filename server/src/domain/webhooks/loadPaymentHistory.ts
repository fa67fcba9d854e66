import type { Gateway } from '../gateway/Gateway.js';
import { loadPaymentTimeline, type PaymentTimelineEntry } from './loadPaymentTimeline.js';

/**
 * A payment's events in order, each with its latest webhook delivery ({@link loadPaymentTimeline}),
 * read on its own connection. The caller has checked that the payment is the viewer's.
 */
export async function loadPaymentHistory(
  gateway: Gateway,
  paymentId: string,
): Promise<PaymentTimelineEntry[]> {
  return loadPaymentTimeline(gateway.orm.em.fork(), paymentId);
}
