import { chainsReanchorCommand } from './commands/chainsReanchorCommand.js';
import { chainsStatusCommand } from './commands/chainsStatusCommand.js';
import { creditBalanceCommand } from './commands/creditBalanceCommand.js';
import { creditTopUpCommand } from './commands/creditTopUpCommand.js';
import { devSeedCommand } from './commands/devSeedCommand.js';
import { keysCreateCommand } from './commands/keysCreateCommand.js';
import { keysRevokeCommand } from './commands/keysRevokeCommand.js';
import { listenCommand } from './commands/listenCommand.js';
import { migrateCommand } from './commands/migrateCommand.js';
import { startCommand } from './commands/startCommand.js';
import { triggerCommand } from './commands/triggerCommand.js';
import { tronDeployDeployerCommand } from './commands/tronDeployDeployerCommand.js';
import { webhooksDeliveriesCommand } from './commands/webhooksDeliveriesCommand.js';
import { webhooksRedeliverCommand } from './commands/webhooksRedeliverCommand.js';
import { webhooksRotateSecretCommand } from './commands/webhooksRotateSecretCommand.js';
import { webhooksSendTestCommand } from './commands/webhooksSendTestCommand.js';
import { webhooksSetCommand } from './commands/webhooksSetCommand.js';
import type { CliCommand } from './runtime/CliCommand.js';

/** Every command of the operator CLI, in the order `cairn help` lists them. */
export const COMMAND_TABLE: readonly CliCommand[] = [
  migrateCommand,
  startCommand,
  devSeedCommand,
  keysCreateCommand,
  keysRevokeCommand,
  creditTopUpCommand,
  creditBalanceCommand,
  chainsStatusCommand,
  chainsReanchorCommand,
  tronDeployDeployerCommand,
  webhooksSetCommand,
  webhooksRotateSecretCommand,
  webhooksSendTestCommand,
  webhooksDeliveriesCommand,
  webhooksRedeliverCommand,
  triggerCommand,
  listenCommand,
];
