import { revokeApiKeyById } from '../../../domain/apiKeys/revokeApiKeyById.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

/** `cairn keys:revoke`: revokes a key; exit 1 when there is no such key. */
export const keysRevokeCommand: CliCommand = {
  name: 'keys:revoke',
  summary: 'Revoke an API key: its next call is refused (401).',
  usage: '<key id>',
  options: '',
  async run(args, { runtime }) {
    const id = args[0];
    if (!id) throw new UsageError('keys:revoke needs a key id');
    const config = loadConfig();
    return withOperatorGateway(runtime, { config, logLevel: quietLogLevel(config) }, async ({ gateway }) => {
      const revoked = await revokeApiKeyById(gateway, id);
      if (!revoked) {
        console.error(`No API key ${id}.`);
        return 1;
      }
      console.log(`Revoked ${revoked.id} (${revoked.label}).`);
      return 0;
    });
  },
};
