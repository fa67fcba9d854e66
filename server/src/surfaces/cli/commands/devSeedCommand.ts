import { parseArgs } from 'node:util';
import { seedDevBusiness } from '../../../chains/devChain/seedDevBusiness.js';
import { completeDevSeed } from '../../../domain/devSeed/completeDevSeed.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn dev:seed`: a verified user, a business, test wallets and a test key, for development. */
export const devSeedCommand: CliCommand = {
  name: 'dev:seed',
  summary:
    'Create a verified user with a dashboard password, a business, a test wallet for every enabled test chain that needs no secret, and a test API key.',
  usage: '[--json]',
  options:
    '  --json   print { user_id, business_id, api_key, api_key_id, mode, wallets, dashboard: { url, email, password } } as JSON',
  async run(args, { runtime }) {
    const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } } });
    const config = loadConfig();
    return withOperatorGateway(
      runtime,
      { config, logLevel: 'warn', attachDevChain: true },
      async ({ gateway }) => {
        const seeded = await seedDevBusiness(gateway);
        const completion = await completeDevSeed(gateway, {
          userId: seeded.user_id,
          businessId: seeded.business_id,
          apiKeyId: seeded.api_key_id,
          seededChains: seeded.wallets.map((w) => w.chain_id),
        });
        const result = {
          ...seeded,
          wallets: [...seeded.wallets, ...completion.wallets],
          dashboard: completion.dashboard,
        };
        if (values.json) console.log(JSON.stringify(result));
        else {
          const { dashboard } = result;
          console.log(`Business ${result.business_id}\nTest API key (shown once): ${result.api_key}`);
          console.log(
            `Dashboard ${dashboard.url}: sign in as ${dashboard.email} with password ${dashboard.password} (shown once)`,
          );
          for (const w of result.wallets)
            console.log(
              'extended_public_key' in w
                ? `  ${w.chain_id} wallet ${w.extended_public_key}`
                : 'onboarding' in w
                  ? `  ${w.chain_id} treasury ${w.address} (onboarding ${w.onboarding})`
                  : `  ${w.chain_id} wallet ${w.address}`,
            );
        }
        return 0;
      },
    );
  },
};
