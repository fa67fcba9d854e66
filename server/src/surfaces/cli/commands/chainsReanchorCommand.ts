import { getChain } from '@cairn/contract';
import { requestReanchor } from '../../../chains/watchers/requestReanchor.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/**
 * `cairn chains:reanchor <CHAIN_ID>`: after a reset detected on a live chain (its watcher halted, the
 * chain not offered), tells the active watcher, in whichever process, to re-anchor at the node's tip
 * (docs/operating/chain-resets.md). Exit 1 when the chain's watcher has detected no reset.
 */
export const chainsReanchorCommand: CliCommand = {
  name: 'chains:reanchor',
  summary:
    "After a reset its watcher detected, follow the chain's node again from its tip (closing the old chain's open payments).",
  usage: '<CHAIN_ID>',
  options: '',
  async run(args, { runtime }) {
    const chainId = args[0];
    if (!chainId) throw new UsageError('chains:reanchor needs a chain id (e.g. XRP_TESTNET)');
    if (!getChain(chainId)) throw new UsageError(`unknown chain id: ${chainId}`);
    const config = loadConfig();
    return withOperatorGateway(runtime, { config, logLevel: quietLogLevel(config) }, async ({ gateway }) => {
      const request = await requestReanchor(gateway, chainId);
      if (request.state === 'no reset') {
        console.log(`${chainId}: its watcher has detected no reset; nothing to re-anchor.`);
        return 1;
      }
      console.log(
        `${chainId}: re-anchor requested (reset detected ${request.detectedAt.toISOString()}: ${request.detail}). The active watcher follows the node's tip at its next sync; check with \`cairn chains:status\`.`,
      );
      return 0;
    });
  },
};
