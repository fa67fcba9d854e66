import { parseArgs } from 'node:util';
import { saveWebhookEndpoint } from '../../../domain/webhooks/saveWebhookEndpoint.js';
import { parseEventList } from '../../../domain/webhooks/webhookEventNames.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { splitList } from '../format/splitList.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** A configuration or URL warning, on stderr. */
const warn = (message: string) => console.error(`warning: ${message}`);

/** `cairn webhooks:set`: creates or updates a key's endpoint; a new endpoint's secret is printed once. */
export const webhooksSetCommand: CliCommand = {
  name: 'webhooks:set',
  summary: "Create or update an API key's webhook endpoint (a new endpoint's secret is printed once).",
  usage: '--key <key id> --url <url> [--events NAME|payment.*|invoice.*|all,...] [--ips IP|CIDR,...]',
  options: [
    '  --key <key id>      the API key whose endpoint it is',
    '  --url <url>         where events are posted (https in live mode)',
    '  --events <list>     event names, payment.*, invoice.* or all (default: every payment event)',
    '  --ips IP|CIDR,...   the destination allowlist',
  ].join('\n'),
  async run(args, { runtime }) {
    const { values } = parseArgs({
      args,
      options: {
        key: { type: 'string' },
        url: { type: 'string' },
        events: { type: 'string' },
        ips: { type: 'string' },
      },
    });
    if (!values.key || !values.url) throw new UsageError('webhooks:set needs --key <key id> --url <url>');
    const { key, url, events, ips } = values;
    const config = loadConfig();
    return withOperatorGateway(runtime, { config, logLevel: quietLogLevel(config) }, async ({ gateway }) => {
      const saved = await saveWebhookEndpoint(
        gateway,
        {
          apiKeyId: key,
          url,
          ...(events !== undefined ? { events: parseEventList(events) } : {}),
          ...(ips !== undefined ? { allowedIps: splitList(ips) } : {}),
        },
        { warn },
      );
      for (const warning of saved.warnings) warn(warning);
      console.log(
        JSON.stringify({
          endpoint_id: saved.endpoint_id,
          api_key_id: saved.api_key_id,
          mode: saved.mode,
          url: saved.url,
          events: saved.events,
          allowed_ips: saved.allowed_ips,
          created: saved.created,
          ...(saved.secret ? { secret: saved.secret } : {}),
        }),
      );
      if (saved.secret)
        console.error('The secret is shown once: store it now (webhooks:rotate-secret makes a new one).');
      return 0;
    });
  },
};
