import type { CliCommand } from '../runtime/CliCommand.js';

/** What a usage error prints after its message: every command's usage line. */
export function usageLines(commands: readonly CliCommand[]): string {
  return [
    'Usage: pnpm cairn <command>',
    ...commands.map((command) => `  ${command.name}${command.usage ? ` ${command.usage}` : ''}`),
  ].join('\n');
}
