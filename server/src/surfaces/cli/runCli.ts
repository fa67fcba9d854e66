import { COMMAND_TABLE } from './commandTable.js';
import { describeCommand } from './help/describeCommand.js';
import { listCommands } from './help/listCommands.js';
import { usageLines } from './help/usageLines.js';
import type { CliCommand } from './runtime/CliCommand.js';
import type { CliRuntime } from './runtime/CliRuntime.js';
import { catchStopSignals } from './runtime/catchStopSignals.js';
import { describeFailure } from './runtime/describeFailure.js';
import { isUsageError } from './runtime/isUsageError.js';

const HELP_WORDS = new Set(['help', '--help', '-h']);
const HELP_FLAGS = new Set(['--help', '-h']);

/** An unknown command: named on stderr with where to find the list; exit 2. */
function unknownCommand(name: string): number {
  console.error(`Unknown command "${name}".\nRun "cairn help" for the list.`);
  return 2;
}

/**
 * The operator CLI (`cairn <command>`, `pnpm cairn <command>`): runs one command of the
 * {@link COMMAND_TABLE} with what the composition root gives (`runtime`) and resolves with the
 * process's exit code: 0; 1 when the command failed (one sentence on stderr for the failures it
 * knows); 2 for a usage error (the message and every command's usage) or an unknown command.
 * `cairn help`, `--help` or `-h` lists the commands; `cairn help <command>` or `cairn <command> --help`
 * shows one. Running a command takes over SIGINT, SIGTERM and SIGHUP (see {@link catchStopSignals});
 * the help and the refusals print and return without touching the process.
 */
export async function runCli(
  argv: readonly string[],
  runtime: CliRuntime,
  commands: readonly CliCommand[] = COMMAND_TABLE,
): Promise<number> {
  const [name, ...args] = argv;
  const find = (wanted: string) => commands.find((command) => command.name === wanted);
  if (name === undefined) {
    console.error(`No command given.\n\n${usageLines(commands)}`);
    return 2;
  }
  if (HELP_WORDS.has(name)) {
    const [topic] = args;
    if (topic === undefined) {
      console.log(listCommands(commands));
      return 0;
    }
    const command = find(topic);
    if (!command) return unknownCommand(topic);
    console.log(describeCommand(command));
    return 0;
  }
  const command = find(name);
  if (!command) return unknownCommand(name);
  if (args.some((arg) => HELP_FLAGS.has(arg))) {
    console.log(describeCommand(command));
    return 0;
  }
  const onStopSignal = catchStopSignals();
  try {
    return await command.run(args, { runtime, onStopSignal });
  } catch (error) {
    if (isUsageError(error)) {
      console.error(`${error.message}\n\n${usageLines(commands)}`);
      return 2;
    }
    console.error(describeFailure(error));
    return 1;
  }
}
