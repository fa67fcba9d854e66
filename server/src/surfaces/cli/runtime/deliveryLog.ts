import type { DispatcherLog } from '../../../workers/webhookDelivery/createWebhookDispatcher.js';

/**
 * What the webhook commands' one-off delivery logs: its errors, on stderr; its routine lines not at
 * all (the command prints the attempt itself).
 */
export const deliveryLog: DispatcherLog = {
  info: () => {},
  warn: () => {},
  error: (obj, msg) => console.error(msg ?? '', obj),
};
