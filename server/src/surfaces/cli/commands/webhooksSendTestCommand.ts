import { parseArgs } from 'node:util';
import { queueTestWebhook } from '../../../domain/webhooks/queueTestWebhook.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { deliverWebhookNow } from '../../../workers/webhookDelivery/deliverWebhookNow.js';
import { summarizeAttempt } from '../format/summarizeAttempt.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { deliveryLog } from '../runtime/deliveryLog.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn webhooks:send-test`: sends a `webhook.test` event now and prints the attempt; exit 1 unless delivered. */
export const webhooksSendTestCommand: CliCommand = {
  name: 'webhooks:send-test',
  summary:
    'Send a webhook.test event through the delivery pipeline and print the attempt (exit 1 unless delivered).',
  usage: '--key <key id>',
  options: '  --key <key id>   the API key whose endpoint it goes to',
  async run(args, { runtime }) {
    const { values } = parseArgs({ args, options: { key: { type: 'string' } } });
    if (!values.key) throw new UsageError('webhooks:send-test needs --key <key id>');
    const key = values.key;
    const config = loadConfig();
    return withOperatorGateway(
      runtime,
      { config, logLevel: quietLogLevel(config) },
      async ({ gateway, databaseUrl }) => {
        const queued = await queueTestWebhook(gateway, key);
        const entry = await deliverWebhookNow(gateway, databaseUrl, queued.delivery_id, deliveryLog);
        console.log(JSON.stringify(summarizeAttempt(entry)));
        return entry.status === 'delivered' ? 0 : 1;
      },
    );
  },
};
