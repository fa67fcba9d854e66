import type {
  AttemptOutcome,
  AttemptResult,
  ClaimedDelivery,
  DeliveryStatus,
} from '../../domain/webhooks/deliveryTypes.js';
import { classifyStatus } from './classifyStatus.js';
import { parseRetryAfter } from './parseRetryAfter.js';
import { MAX_ATTEMPTS, retryDelayMs } from './retryLadder.js';

/** The largest response body kept in the delivery log. */
export const RESPONSE_BODY_LIMIT = 1024;

/**
 * Decides what an attempt's outcome does to its delivery (pure): 2xx delivered; a permanent 4xx
 * failed; anything else retries on the ladder (jittered delay from `finishedAt`, a `Retry-After`
 * within the ladder's bounds honoured) until the 9th attempt, after which the delivery is exhausted.
 */
export function planAttemptResult(
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  context: { attemptedAt: Date; finishedAt: Date; signature: string; random: () => number },
): AttemptResult {
  const attempts = delivery.attempts + 1;
  const verdict = outcome.kind === 'response' ? classifyStatus(outcome.statusCode) : 'retry';
  let status: DeliveryStatus;
  let nextAttemptAt: Date | null = null;
  if (verdict === 'delivered') status = 'delivered';
  else if (verdict === 'permanent') status = 'failed';
  else if (attempts >= MAX_ATTEMPTS) status = 'exhausted';
  else {
    status = 'pending';
    const retryAfterMs =
      outcome.kind === 'response' ? parseRetryAfter(outcome.retryAfter, context.finishedAt) : undefined;
    nextAttemptAt = new Date(
      context.finishedAt.getTime() + retryDelayMs(attempts, context.random, retryAfterMs),
    );
  }
  return {
    id: delivery.id,
    lockToken: delivery.lockToken,
    status,
    attempts,
    nextAttemptAt,
    attemptedAt: context.attemptedAt,
    statusCode: outcome.kind === 'response' ? outcome.statusCode : null,
    responseBody: outcome.kind === 'response' ? outcome.responseBody : null,
    latencyMs: Math.round(outcome.latencyMs),
    errorClass:
      outcome.kind === 'error' ? outcome.errorClass : verdict === 'delivered' ? null : 'http_status',
    error:
      outcome.kind === 'error'
        ? outcome.message
        : verdict === 'delivered'
          ? null
          : `HTTP ${outcome.statusCode}${verdict === 'permanent' ? ' (permanent: not retried)' : ''}`,
    signature: context.signature,
    url: delivery.url,
    completedAt: status === 'pending' ? null : context.finishedAt,
    paymentId: delivery.paymentId,
  };
}
