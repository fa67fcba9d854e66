import type { TriggerResult } from './runTrigger.js';

/** One line each: the payment, its checkout, then every event it produced (oldest first). */
export function formatTriggerResult({ payment, events }: TriggerResult): string[] {
  return [
    `payment   ${payment.id}  ${payment.status}`,
    `checkout  ${payment.checkout_url}`,
    ...events.map((e) => `event     ${e.event}  ${e.id}  ${e.created_at}`),
  ];
}
