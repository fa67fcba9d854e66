import { StartupError } from '../../runtime/StartupError.js';

/**
 * The embedded PostgreSQL cannot start. The message is one sentence an operator can act on: what is
 * wrong and how to fix it (the CLI prints it as is, without a stack trace).
 */
export class EmbeddedPostgresError extends StartupError {
  override readonly name = 'EmbeddedPostgresError';
}
