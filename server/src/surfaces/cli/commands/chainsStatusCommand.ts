import { parseArgs } from 'node:util';
import { readChainStatusReport } from '../../../chains/readChainStatusReport.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { formatChainStatus } from '../format/formatChainStatus.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/**
 * `cairn chains:status`: every enabled chain's watcher, node and offer; exit 1 when a chain given a
 * node is not healthy (chains without one are shown, not failed).
 */
export const chainsStatusCommand: CliCommand = {
  name: 'chains:status',
  summary:
    'Show the tip, watcher height, lag, health and offer of every enabled chain (exit 1 if one is unhealthy).',
  usage: '[--json]',
  options: '  --json   print the lines as a JSON array',
  async run(args, { runtime }) {
    const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } } });
    const config = loadConfig();
    return withOperatorGateway(
      runtime,
      { config, logLevel: quietLogLevel(config), attachDevChain: true },
      async ({ gateway }) => {
        const lines = await readChainStatusReport(gateway);
        if (values.json) console.log(JSON.stringify(lines));
        else for (const line of formatChainStatus(lines)) console.log(line);
        return lines.every((l) => l.backend === 'none' || l.health === 'ok') ? 0 : 1;
      },
    );
  },
};
