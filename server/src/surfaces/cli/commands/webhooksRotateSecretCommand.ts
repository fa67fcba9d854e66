import { parseArgs } from 'node:util';
import { replaceWebhookSecret } from '../../../domain/webhooks/replaceWebhookSecret.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn webhooks:rotate-secret`: a new endpoint secret, printed once; the old one signs for 24 hours more. */
export const webhooksRotateSecretCommand: CliCommand = {
  name: 'webhooks:rotate-secret',
  summary:
    "Give an API key's endpoint a new secret (printed once); the old one signs alongside for 24 hours.",
  usage: '--key <key id>',
  options: '  --key <key id>   the API key whose endpoint it is',
  async run(args, { runtime }) {
    const { values } = parseArgs({ args, options: { key: { type: 'string' } } });
    if (!values.key) throw new UsageError('webhooks:rotate-secret needs --key <key id>');
    const key = values.key;
    const config = loadConfig();
    return withOperatorGateway(runtime, { config, logLevel: quietLogLevel(config) }, async ({ gateway }) => {
      const rotated = await replaceWebhookSecret(gateway, key, {
        warn: (message) => console.error(`warning: ${message}`),
      });
      console.log(
        JSON.stringify({
          api_key_id: rotated.api_key_id,
          secret: rotated.secret,
          previous_secret_valid_until: rotated.previous_secret_valid_until,
        }),
      );
      return 0;
    });
  },
};
