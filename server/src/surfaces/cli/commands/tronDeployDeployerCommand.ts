import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { deployTronDeployer } from '../../../chains/settlement/deployTronDeployer.js';
import {
  ChainSettingsError,
  type ChainSettingsMap,
  loadChainSettings,
} from '../../../platform/config/loadChainSettings.js';
import { ConfigError } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { UsageError } from '../runtime/UsageError.js';

/**
 * `cairn tron:deploy-deployer <CHAIN_ID>`: creates the chain's deterministic deployer with its gas
 * wallet, waits until it is solidified, and prints the setting to add. Reads only the chain's
 * settings (no database): it runs before the chain can be configured in full.
 */
export const tronDeployDeployerCommand: CliCommand = {
  name: 'tron:deploy-deployer',
  summary: "Create a TRON network's deterministic deployer with the gas wallet; print its DEPLOYER setting.",
  usage: '<TRON|TRON_NILE>',
  options: '',
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    const [chainId, ...rest] = positionals;
    if (!chainId || rest.length > 0)
      throw new UsageError('tron:deploy-deployer needs one chain id (TRON or TRON_NILE)');
    let settings: ChainSettingsMap;
    try {
      settings = loadChainSettings(process.env, [], { requireTronDeployer: false }).settings;
    } catch (error) {
      if (error instanceof ChainSettingsError) throw new ConfigError(error.message);
      throw error;
    }
    const deployed = await deployTronDeployer(chainId, settings[chainId], {
      sleep: (ms) => sleep(ms),
      onSent: ({ tx, deployer }) =>
        console.error(`Sent ${tx}; waiting until ${deployer} is solidified (about a minute)…`),
    });
    console.error(
      `The gas wallet burnt ${deployed.feeSun} sun. Add this setting (it never changes afterwards):`,
    );
    console.log(`CAIRN_CHAIN_${chainId}_DEPLOYER=${deployed.deployer}`);
    return 0;
  },
};
