import type { EventFollow, WebhookEvent, WebhookEventName } from '@cairn/contract';
import { delay } from '../delay.js';
import type { CairnError } from '../errors/CairnError.js';
import { ConnectionError } from '../errors/ConnectionError.js';
import { RateLimitError } from '../errors/RateLimitError.js';
import { ServerError } from '../errors/ServerError.js';
import { TimeoutError } from '../errors/TimeoutError.js';
import type { SendRequest } from '../request.js';

/** Options of `cairn.events.follow`. */
export interface FollowEventsParams {
  /** Only these event types (one or several). */
  readonly types?: WebhookEventName | readonly WebhookEventName[] | undefined;
  /**
   * Resume after this point: the id (`evt_...`) of the last event you handled, or a follow cursor.
   * Without it the follow starts now: only events committed from then on.
   */
  readonly after?: string | undefined;
  /** Stops the follow: the iteration ends (no error) as soon as it aborts. */
  readonly signal?: AbortSignal | undefined;
  /** Seconds each long-poll request waits on the gateway, 1 to 30 (default 25). */
  readonly waitSeconds?: number | undefined;
  /** Called before each wait after a failed request (a dropped connection, a 5xx, a 429). */
  readonly onRetry?: ((error: CairnError, delayMs: number) => void) | undefined;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

/** Failures worth waiting out: the gateway or the way to it is away, not the request wrong. */
const passing = (error: unknown): error is CairnError =>
  error instanceof ConnectionError ||
  error instanceof TimeoutError ||
  error instanceof ServerError ||
  error instanceof RateLimitError;

/**
 * Long-polls `GET /events/follow` and yields each event once, oldest first, resuming from the last
 * event yielded: after a dropped connection it waits (250 ms, doubling up to 10 s) and asks again
 * from the same point, so no event is missed or repeated. Ends when `signal` aborts; throws other
 * errors (a revoked key, a bad `after`).
 */
export async function* followEvents(
  send: SendRequest,
  params: FollowEventsParams,
): AsyncGenerator<WebhookEvent> {
  const { signal } = params;
  const wait = params.waitSeconds ?? 25;
  const type = typeof params.types === 'string' ? params.types : params.types?.join(',');
  let after = params.after;
  let retryMs = RETRY_FIRST_MS;
  while (!signal?.aborted) {
    let answer: EventFollow;
    try {
      answer = (await send(
        'followEvents',
        { query: { after, type, wait: String(wait) } },
        // The SDK's own retries are left to this loop; the attempt may take the whole wait.
        { signal, maxRetries: 0, timeoutMs: (wait + 15) * 1000 },
      )) as EventFollow;
    } catch (error) {
      if (signal?.aborted) return;
      if (!passing(error)) throw error;
      params.onRetry?.(error, retryMs);
      try {
        await delay(retryMs, signal);
      } catch {
        return;
      }
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      continue;
    }
    retryMs = RETRY_FIRST_MS;
    for (const event of answer.data) {
      after = event.id;
      yield event;
      if (signal?.aborted) return;
    }
    after = answer.cursor;
  }
}
