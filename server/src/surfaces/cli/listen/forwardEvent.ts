import { EVENT_HEADER, SIGNATURE_HEADER, signWebhook } from '@cairn/webhook-verifier';
import { USER_AGENT } from '../../../workers/webhookDelivery/attemptDelivery.js';

/** What the forward target answered: its status (0 when it did not answer) and how long it took. */
export interface ForwardOutcome {
  readonly status: number;
  readonly ms: number;
  readonly error?: string;
}

const FORWARD_TIMEOUT_MS = 10_000;

/**
 * POSTs an event's body to the forward target, signed with `secret` exactly as the gateway signs a
 * webhook delivery (the same `signWebhook`, headers and user agent), so `verifyWebhook` with that
 * secret accepts it.
 */
export async function forwardEvent(
  url: string,
  secret: string,
  event: { id: string; event: string },
  now: () => Date,
): Promise<ForwardOutcome> {
  const body = JSON.stringify(event);
  const signature = signWebhook({ payload: body, secret, timestamp: Math.floor(now().getTime() / 1000) });
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [EVENT_HEADER]: event.event,
        [SIGNATURE_HEADER]: signature,
      },
      body,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return {
      status: 0,
      ms: Math.round(performance.now() - started),
      error: cause instanceof Error ? cause.message : String(cause),
    };
  }
}
