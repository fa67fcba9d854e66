import type { EventFollow, WebhookEvent } from '@cairn/contract';

/** An answer of the gateway that waiting will not change (a revoked key, a refused cursor). */
export class FollowRefusedError extends Error {
  override readonly name = 'FollowRefusedError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface FollowGatewayOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Resume after this event id or cursor; without it, from now. */
  readonly after?: string | undefined;
  readonly signal: AbortSignal;
  /** The gateway did not answer (or answered 5xx/429): told before each wait. */
  readonly onDisconnected: (reason: string, retryInMs: number) => void;
  /** A request answered again after {@link onDisconnected}. */
  readonly onReconnected: () => void;
}

const WAIT_SECONDS = 25;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * Long-polls `GET /api/v1/events/follow` (the contract's follow mode, as `cairn.events.follow()` does
 * in the SDK) and yields each event once, oldest first. After a lost connection or a 5xx/429 it waits
 * (250 ms doubling up to 5 s) and asks again from the last event yielded, so none is missed or
 * repeated. Ends when `signal` aborts; throws {@link FollowRefusedError} on a 4xx.
 */
export async function* followGatewayEvents(options: FollowGatewayOptions): AsyncGenerator<WebhookEvent> {
  const { signal } = options;
  let after = options.after;
  let retryMs = RETRY_FIRST_MS;
  let disconnected = false;
  while (!signal.aborted) {
    const query = new URLSearchParams({ wait: String(WAIT_SECONDS) });
    if (after !== undefined) query.set('after', after);
    let answer: EventFollow;
    try {
      const response = await fetch(`${options.baseUrl}/api/v1/events/follow?${query}`, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.any([signal, AbortSignal.timeout((WAIT_SECONDS + 15) * 1000)]),
      });
      const text = await response.text();
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        let message = text;
        try {
          message = (JSON.parse(text) as { error: { code: string; message: string } }).error.message;
        } catch {}
        throw new FollowRefusedError(response.status, message);
      }
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      answer = JSON.parse(text) as EventFollow;
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof FollowRefusedError) throw error;
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      disconnected = true;
      options.onDisconnected(cause instanceof Error ? cause.message : String(cause), retryMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryMs);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      continue;
    }
    if (disconnected) {
      disconnected = false;
      options.onReconnected();
    }
    retryMs = RETRY_FIRST_MS;
    for (const event of answer.data) {
      after = event.id;
      yield event;
      if (signal.aborted) return;
    }
    after = answer.cursor;
  }
}
