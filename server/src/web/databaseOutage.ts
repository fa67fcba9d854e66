import { DATABASE_RETRY_AFTER_SECONDS } from '../platform/db/databaseTimeouts.js';
import { databaseUnavailableReason } from '../platform/db/databaseUnavailableReason.js';

/** A request that failed because the database is unreachable, as every surface answers it. */
export interface DatabaseOutage {
  /** Why, for the log (it names hosts and ports: never in the answer). */
  readonly reason: string;
  /** The Retry-After of the 503 every surface answers: the failure is retryable. */
  readonly retryAfterSeconds: number;
}

/**
 * Whether `error` means the database is unreachable or dropped the connection (see
 * `platform/db/databaseUnavailableReason.ts`): then the surface answers 503 with Retry-After (JSON
 * for the API and MCP, a page for the dashboard and the checkout), and logs the reason as a warning.
 */
export function databaseOutage(error: unknown): DatabaseOutage | undefined {
  const reason = databaseUnavailableReason(error);
  return reason === undefined ? undefined : { reason, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
}
