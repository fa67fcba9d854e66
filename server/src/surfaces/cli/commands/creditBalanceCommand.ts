import { parseArgs } from 'node:util';
import { readCreditBalances } from '../../../domain/credit/readCreditBalances.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn credit:balance`: a business's Prepaid Credit in both modes, as JSON. */
export const creditBalanceCommand: CliCommand = {
  name: 'credit:balance',
  summary: 'Show the Prepaid Credit balance of a business in both modes, in US dollars.',
  usage: '--business <id>',
  options: '  --business <id>   the business',
  async run(args, { runtime }) {
    const { values } = parseArgs({ args, options: { business: { type: 'string' } } });
    if (!values.business) throw new UsageError('credit:balance needs --business <id>');
    const business = values.business;
    const config = loadConfig();
    return withOperatorGateway(runtime, { config, logLevel: quietLogLevel(config) }, async ({ gateway }) => {
      const balances = await readCreditBalances(gateway, business);
      console.log(
        JSON.stringify({
          business_id: balances.business_id,
          test_usd: balances.test_usd,
          live_usd: balances.live_usd,
        }),
      );
      return 0;
    });
  },
};
