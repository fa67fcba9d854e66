/**
 * The gateway (or an operator command) cannot start. The message is one sentence naming the cause
 * and the fix; the CLI prints it as is, without a stack trace, and exits with status 1.
 */
export class StartupError extends Error {
  override readonly name: string = 'StartupError';
}
