import { parseArgs } from 'node:util';
import { isChainId, parseToken } from '@cairn/contract';
import { issueApiKey } from '../../../domain/apiKeys/issueApiKey.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { splitList } from '../format/splitList.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn keys:create`: a new API key for a business, printed once as JSON. */
export const keysCreateCommand: CliCommand = {
  name: 'keys:create',
  summary: 'Create an API key (printed once; only its hash is stored). Needs a wallet in that mode.',
  usage: '--business <id> --mode test|live --label <text> [--tokens CHAIN:SYMBOL,...] [--ips IP|CIDR,...]',
  options: [
    '  --business <id>             the business the key belongs to',
    '  --mode test|live            the mode it works in',
    '  --label <text>              a name to tell keys apart',
    "  --tokens CHAIN:SYMBOL,...   what it may take (default: every pair the mode's wallets cover but",
    '                              opt-in coins such as POLYGON:USDCE, taken only when named)',
    '  --ips IP|CIDR,...           the addresses it may be used from (default: any)',
  ].join('\n'),
  async run(args, { runtime }) {
    const { values } = parseArgs({
      args,
      options: {
        business: { type: 'string' },
        mode: { type: 'string' },
        label: { type: 'string' },
        tokens: { type: 'string' },
        ips: { type: 'string' },
      },
    });
    if (!values.business || (values.mode !== 'test' && values.mode !== 'live') || !values.label) {
      throw new UsageError('keys:create needs --business <id> --mode test|live --label <text>');
    }
    const tokens = values.tokens === undefined ? undefined : splitList(values.tokens);
    for (const token of tokens ?? []) {
      const ref = parseToken(token);
      if (!ref || !isChainId(ref.chain_id)) throw new UsageError(`--tokens: "${token}" is not CHAIN:SYMBOL`);
    }
    const { business, mode, label } = values;
    const ips = values.ips === undefined ? undefined : splitList(values.ips);
    const config = loadConfig();
    return withOperatorGateway(runtime, { config, logLevel: quietLogLevel(config) }, async ({ gateway }) => {
      const issued = await issueApiKey(gateway, {
        businessId: business,
        mode,
        label,
        ...(tokens ? { allowedTokens: tokens } : {}),
        ...(ips ? { allowedIps: ips } : {}),
      });
      console.log(
        JSON.stringify({
          api_key: issued.api_key,
          api_key_id: issued.api_key_id,
          mode: issued.mode,
          allowed_tokens: issued.allowed_tokens,
        }),
      );
      return 0;
    });
  },
};
