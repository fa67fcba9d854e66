import { createHash } from 'node:crypto';
import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';

/**
 * A fingerprint of what the checkout shows, independent of the clock (the countdown runs in the
 * browser): the page and each live update carry it, and the browser replaces its regions only when
 * it changes.
 */
export function viewVersion(view: CheckoutView): string {
  const { payment, checkout } = view;
  const state = [
    payment.status,
    payment.updated_at,
    payment.expires_at,
    payment.amount_received,
    payment.amount_due,
    payment.amount_received_after_close,
    payment.refund_address,
    checkout.selected?.address ?? '',
    payment.transactions.map((t) => [
      t.tx_id,
      t.output_index,
      t.confirmations,
      t.status,
      t.received_after_close,
    ]),
    payment.refunds.map((r) => r.id),
  ];
  return createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 16);
}
