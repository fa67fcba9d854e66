import type { Gateway } from '../gateway/Gateway.js';
import { type DeliveryLogEntry, listDeliveries } from './listDeliveries.js';
import { sendTestWebhook } from './sendTestWebhook.js';

/** How often the delivery is read again while it waits for its first attempt. */
const POLL_MS = 200;

/**
 * "Send test" as a person presses it: {@link sendTestWebhook}, then the delivery once its first
 * attempt has an outcome, or as it is after `waitMs` (still pending).
 *
 * @throws {WebhookError} WEBHOOK_ENDPOINT_NOT_FOUND when the key has no endpoint.
 */
export async function sendTestWebhookAndWait(
  gateway: Gateway,
  apiKeyId: string,
  waitMs: number,
): Promise<DeliveryLogEntry | undefined> {
  const { deliveryId } = await sendTestWebhook(gateway.orm.em.fork(), gateway.clock, apiKeyId);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [delivery] = await listDeliveries(gateway.orm.em.fork(), { deliveryId });
    if (!delivery || (delivery.status === 'pending' && delivery.attempts === 0 && Date.now() < deadline)) {
      if (!delivery || Date.now() >= deadline) return delivery;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    return delivery;
  }
}
