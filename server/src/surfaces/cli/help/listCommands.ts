import type { CliCommand } from '../runtime/CliCommand.js';

/** `cairn help`: each command's name and one-line summary. */
export function listCommands(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'Usage: cairn <command> [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run "cairn help <command>" (or "cairn <command> --help") for its usage and options.',
  ].join('\n');
}
