import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';

/** `cairn migrate`: applies pending migrations. */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'Apply pending database migrations (the gateway also does this when it starts).',
  usage: '',
  options: '',
  async run(_args, { runtime }) {
    const applied = await runtime.migrateDatabase(loadConfig());
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
    return 0;
  },
};
