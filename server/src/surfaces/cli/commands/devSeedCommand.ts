import { parseArgs } from 'node:util';
import { seedDevBusiness } from '../../../chains/devChain/seedDevBusiness.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn dev:seed`: a verified user, a business, test wallets and a test key, for development. */
export const devSeedCommand: CliCommand = {
  name: 'dev:seed',
  summary:
    'Create a verified user, a business, a test wallet for every enabled test chain and a test API key.',
  usage: '[--json]',
  options: '  --json   print { api_key, api_key_id, business_id, user_id, mode, wallets } as JSON',
  async run(args, { runtime }) {
    const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } } });
    const config = loadConfig();
    return withOperatorGateway(
      runtime,
      { config, logLevel: 'warn', attachDevChain: true },
      async ({ gateway }) => {
        const result = await seedDevBusiness(gateway);
        if (values.json) console.log(JSON.stringify(result));
        else {
          console.log(`Business ${result.business_id}\nTest API key (shown once): ${result.api_key}`);
          for (const w of result.wallets)
            console.log(
              'extended_public_key' in w
                ? `  ${w.chain_id} wallet ${w.extended_public_key}`
                : `  ${w.chain_id} treasury ${w.address} (onboarding ${w.onboarding})`,
            );
        }
        return 0;
      },
    );
  },
};
