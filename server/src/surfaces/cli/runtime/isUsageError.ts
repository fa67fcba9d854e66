import { UsageError } from './UsageError.js';

/** Whether a command failed for how it was called: a {@link UsageError} or an option `parseArgs` refused. */
export function isUsageError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    (error instanceof Error && String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS'))
  );
}
