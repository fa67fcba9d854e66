import { queueRedelivery } from '../../../domain/webhooks/queueRedelivery.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { deliverWebhookNow } from '../../../workers/webhookDelivery/deliverWebhookNow.js';
import { summarizeAttempt } from '../format/summarizeAttempt.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { deliveryLog } from '../runtime/deliveryLog.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn webhooks:redeliver`: sends a finished delivery's event again now; exit 1 unless delivered. */
export const webhooksRedeliverCommand: CliCommand = {
  name: 'webhooks:redeliver',
  summary: "Send a finished delivery's event again (same body and evt_ id, a fresh retry ladder).",
  usage: '<delivery id>',
  options: '',
  async run(args, { runtime }) {
    const id = args[0];
    if (!id) throw new UsageError('webhooks:redeliver needs a delivery id');
    const config = loadConfig();
    return withOperatorGateway(
      runtime,
      { config, logLevel: quietLogLevel(config) },
      async ({ gateway, databaseUrl }) => {
        const newId = await queueRedelivery(gateway, id);
        const entry = await deliverWebhookNow(gateway, databaseUrl, newId, deliveryLog);
        console.log(JSON.stringify({ ...summarizeAttempt(entry), redelivery_of: id }));
        return entry.status === 'delivered' ? 0 : 1;
      },
    );
  },
};
