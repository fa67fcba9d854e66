import {
  INVOICE_EVENT_NAMES,
  PAYMENT_EVENT_NAMES,
  STRAY_FUNDS_EVENT_NAMES,
  WEBHOOK_EVENT_NAMES,
} from '@cairn/contract';
import { WebhookError } from './WebhookError.js';

/** The synthetic event of "Send test": never a payment event, so no receiver mistakes it for one. */
export const TEST_EVENT_NAME = 'webhook.test';

/**
 * What a new endpoint subscribes to when no events are given: every payment event and the stray-funds
 * events (docs/webhooks.md).
 */
export const DEFAULT_SUBSCRIBED_EVENTS: readonly string[] = [
  ...PAYMENT_EVENT_NAMES,
  ...STRAY_FUNDS_EVENT_NAMES,
];

/**
 * Parses an operator's event list: event names, `payment.*`, `invoice.*` or `all`, comma-separated.
 * Returns the distinct names in the order of `WEBHOOK_EVENT_NAMES`.
 *
 * @throws {WebhookError} INVALID_WEBHOOK_EVENTS for an unknown name or an empty list.
 */
export function parseEventList(text: string): string[] {
  const wanted = new Set<string>();
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const part of parts) {
    if (part === 'all') for (const name of WEBHOOK_EVENT_NAMES) wanted.add(name);
    else if (part === 'payment.*') for (const name of PAYMENT_EVENT_NAMES) wanted.add(name);
    else if (part === 'invoice.*') for (const name of INVOICE_EVENT_NAMES) wanted.add(name);
    else if (part === 'stray_funds.*') for (const name of STRAY_FUNDS_EVENT_NAMES) wanted.add(name);
    else if ((WEBHOOK_EVENT_NAMES as readonly string[]).includes(part)) wanted.add(part);
    else
      throw new WebhookError(
        'INVALID_WEBHOOK_EVENTS',
        `Unknown event "${part}". Use event names (${WEBHOOK_EVENT_NAMES.join(', ')}), payment.*, invoice.*, stray_funds.* or all.`,
      );
  }
  if (wanted.size === 0) throw new WebhookError('INVALID_WEBHOOK_EVENTS', 'Subscribe to at least one event.');
  return WEBHOOK_EVENT_NAMES.filter((name) => wanted.has(name));
}
