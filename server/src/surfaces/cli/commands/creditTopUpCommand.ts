import { parseArgs } from 'node:util';
import { recordCreditTopUp } from '../../../domain/credit/recordCreditTopUp.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn credit:top-up`: adds to a business's Prepaid Credit; prints the new balance as JSON. */
export const creditTopUpCommand: CliCommand = {
  name: 'credit:top-up',
  summary: "Add a top-up to a business's Prepaid Credit in one mode.",
  usage: '--business <id> --mode test|live --usd <amount>',
  options: [
    '  --business <id>    the business',
    '  --mode test|live   the reserve to top up',
    '  --usd <amount>     US dollars, such as 25 or 12.50',
  ].join('\n'),
  async run(args, { runtime }) {
    const { values } = parseArgs({
      args,
      options: { business: { type: 'string' }, mode: { type: 'string' }, usd: { type: 'string' } },
    });
    if (!values.business || (values.mode !== 'test' && values.mode !== 'live') || !values.usd) {
      throw new UsageError('credit:top-up needs --business <id> --mode test|live --usd <amount>');
    }
    const { business, mode, usd } = values;
    const config = loadConfig();
    return withOperatorGateway(runtime, { config, logLevel: quietLogLevel(config) }, async ({ gateway }) => {
      const topUp = await recordCreditTopUp(gateway, { businessId: business, mode, amountUsd: usd });
      console.log(
        JSON.stringify({ business_id: topUp.business_id, mode: topUp.mode, balance_usd: topUp.balance_usd }),
      );
      return 0;
    });
  },
};
