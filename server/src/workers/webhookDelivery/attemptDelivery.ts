import { signWebhook } from '@cairn/webhook-verifier';
import { activeSecrets } from '../../domain/webhooks/activeSecrets.js';
import type { SecretCipher } from '../../domain/webhooks/createSecretCipher.js';
import type { AttemptResult, ClaimedDelivery } from '../../domain/webhooks/deliveryTypes.js';
import type { Resolver } from '../../domain/webhooks/resolveDestination.js';
import type { Clock } from '../../platform/runtime/clock.js';
import type { DestinationPools } from './createDestinationPools.js';
import { planAttemptResult } from './planAttemptResult.js';
import { postWebhook } from './postWebhook.js';
import { storableText } from './storableText.js';

/** The User-Agent of every delivery (docs/webhooks.md: delivery format version 1.0). */
export const USER_AGENT = 'Service-Webhook/1.0';

/** When the master key cannot open an endpoint's secret, the delivery waits this long (no attempt spent). */
export const SECRET_UNAVAILABLE_DELAY_MS = 60_000;

/** Parsed endpoint URLs (a URL string always parses the same way). */
const parsedUrls = new Map<string, URL>();
function parseUrl(url: string): URL {
  let parsed = parsedUrls.get(url);
  if (!parsed) {
    if (parsedUrls.size >= 10_000) parsedUrls.clear();
    parsed = new URL(url);
    parsedUrls.set(url, parsed);
  }
  return parsed;
}

/** What an attempt needs besides the delivery. */
export interface AttemptDependencies {
  readonly clock: Clock;
  readonly cipher: SecretCipher;
  readonly pools: DestinationPools;
  readonly resolver: Resolver;
  /** CAIRN_ALLOW_PRIVATE_WEBHOOKS; applied to test-mode endpoints only. */
  readonly allowPrivateFlag: boolean;
  readonly random: () => number;
}

/**
 * Makes one attempt of a claimed delivery: signs the stored body at the current time with every active
 * secret, POSTs it through the SSRF guard and plans the row update (delivered, failed, exhausted, or
 * the next retry time). When the endpoint's secret cannot be opened (wrong master key), nothing is sent
 * and no attempt is spent: the delivery waits a minute and the log says why.
 */
export async function attemptDelivery(
  deps: AttemptDependencies,
  delivery: ClaimedDelivery,
): Promise<AttemptResult> {
  const attemptedAt = deps.clock.now();
  let secrets: string[];
  try {
    secrets = activeSecrets(delivery, attemptedAt, deps.cipher);
  } catch (error) {
    return {
      id: delivery.id,
      lockToken: delivery.lockToken,
      status: 'pending',
      attempts: delivery.attempts,
      nextAttemptAt: new Date(attemptedAt.getTime() + SECRET_UNAVAILABLE_DELAY_MS),
      attemptedAt,
      statusCode: null,
      responseBody: null,
      latencyMs: null,
      errorClass: 'secret_unavailable',
      error: storableText((error as Error).message),
      signature: null,
      url: delivery.url,
      completedAt: null,
      paymentId: delivery.paymentId,
    };
  }
  // One v1 per active secret (the newest first), exactly as the published verifier expects.
  const signature = signWebhook({
    payload: delivery.requestBody,
    secret: [...secrets],
    timestamp: Math.floor(attemptedAt.getTime() / 1000),
  });
  const outcome = await postWebhook(
    deps.pools,
    {
      url: parseUrl(delivery.url),
      body: delivery.requestBody,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-webhook-event': delivery.event,
        'x-webhook-signature': signature,
      },
    },
    {
      resolver: deps.resolver,
      allowPrivate: deps.allowPrivateFlag && delivery.mode === 'test',
      allowedIps: delivery.allowedIps,
    },
  );
  return planAttemptResult(delivery, outcome, {
    attemptedAt,
    finishedAt: deps.clock.now(),
    signature,
    random: deps.random,
  });
}
