import type { WebhookEvent } from '@cairn/webhook-verifier';
import { createApp } from './app.js';

const secret = process.env.CAIRN_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set CAIRN_WEBHOOK_SECRET to the endpoint secret (comma-separate two during a rotation).');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);

async function onEvent(event: WebhookEvent): Promise<void> {
  switch (event.event) {
    case 'payment.confirmed':
      console.log(`fulfil order for payment ${String(event.data.id)} (${event.id})`);
      break;
    case 'payment.expired':
    case 'payment.cancelled':
      console.log(`release reserved stock for payment ${String(event.data.id)}`);
      break;
    default:
      // Not handled here: acknowledged with 200 so Cairn does not retry it.
      console.log(`ignoring ${event.event}`);
  }
}

const app = createApp({ secret: secret.split(','), onEvent });
app.listen(port, () => {
  console.log(`Cairn webhook receiver listening on http://localhost:${port}/webhooks/cairn`);
});
