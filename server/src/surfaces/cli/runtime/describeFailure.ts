import { KeyCreationError } from '../../../domain/apiKeys/createApiKey.js';
import { CreditTopUpError } from '../../../domain/credit/topUpCredit.js';
import { WebhookError } from '../../../domain/webhooks/WebhookError.js';
import { StartupError } from '../../../platform/runtime/StartupError.js';

/** What the CLI prints for a failure: one sentence for the errors it knows, the stack otherwise. */
export function describeFailure(error: unknown): string {
  if (
    error instanceof StartupError ||
    error instanceof KeyCreationError ||
    error instanceof CreditTopUpError ||
    error instanceof WebhookError
  )
    return error.message;
  if (error instanceof Error) return `Unexpected error: ${error.stack ?? error.message}`;
  return `Unexpected error: ${String(error)}`;
}
