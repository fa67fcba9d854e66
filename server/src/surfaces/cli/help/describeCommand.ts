import type { CliCommand } from '../runtime/CliCommand.js';

/** `cairn help <command>` and `cairn <command> --help`: its usage line, summary and options. */
export function describeCommand(command: CliCommand): string {
  return [
    `Usage: cairn ${command.name}${command.usage ? ` ${command.usage}` : ''}`,
    '',
    command.summary,
    ...(command.options ? ['', 'Options:', command.options] : []),
  ].join('\n');
}
