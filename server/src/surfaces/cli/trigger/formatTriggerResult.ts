import type { TriggerResult } from './runTrigger.js';

/**
 * One line each: the payment, its checkout, the invoice and its page (invoice.paid), the refund
 * transaction (payment.refunded), then every event it produced (oldest first).
 */
export function formatTriggerResult({ payment, invoice, events, refundTxId }: TriggerResult): string[] {
  return [
    `payment   ${payment.id}  ${payment.status}`,
    `checkout  ${payment.checkout_url}`,
    ...(invoice ? [`invoice   ${invoice.id}  ${invoice.status}`, `page      ${invoice.hosted_url}`] : []),
    ...(refundTxId === undefined ? [] : [`refund    ${refundTxId}`]),
    ...events.map((e) => `event     ${e.event}  ${e.id}  ${e.created_at}`),
  ];
}
