import type { CliRuntime } from './CliRuntime.js';

/** What a command gets besides its arguments. */
export interface CommandContext {
  readonly runtime: CliRuntime;
  /**
   * Makes SIGINT, SIGTERM and SIGHUP call `handler` instead of exiting at once (`cairn start` sets its
   * orderly shutdown here once the gateway runs).
   */
  onStopSignal(handler: (signal: string) => void): void;
}

/** One command of the operator CLI: a row of the command table. */
export interface CliCommand {
  /** What the operator types: `keys:create`. */
  readonly name: string;
  /** One line for `cairn help`. */
  readonly summary: string;
  /** The arguments after the name, as the usage line shows them (empty when it takes none). */
  readonly usage: string;
  /** What each option means, one `  --option  meaning` line each (empty when it takes none). */
  readonly options: string;
  /**
   * Runs the command with the arguments after its name; resolves with the exit code.
   *
   * @throws {UsageError} when the arguments are wrong (the CLI prints the usage and exits 2).
   */
  run(args: string[], context: CommandContext): Promise<number>;
}
