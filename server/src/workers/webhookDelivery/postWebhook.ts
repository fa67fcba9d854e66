import type { Dispatcher, Pool } from 'undici';
import type { AttemptOutcome, DeliveryErrorClass } from '../../domain/webhooks/deliveryTypes.js';
import {
  DestinationBlockedError,
  type DestinationPolicy,
  DnsResolutionError,
  resolveDestination,
} from '../../domain/webhooks/resolveDestination.js';
import type { DestinationPools } from './createDestinationPools.js';
import { RESPONSE_BODY_LIMIT } from './planAttemptResult.js';
import { storableText } from './storableText.js';

/** Past this many response bytes the connection is dropped instead of drained. */
const DRAIN_LIMIT = 64 * 1024;

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

function errorCode(error: unknown): string {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return String(e?.code ?? e?.cause?.code ?? '');
}

/** The delivery log's error class for a transport error. */
export function errorClassOf(error: unknown): DeliveryErrorClass {
  if (error instanceof DestinationBlockedError) return 'ssrf_blocked';
  if (error instanceof DnsResolutionError) return 'dns';
  const code = errorCode(error);
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (/^ERR_TLS|^ERR_SSL|CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'tls';
  return 'network';
}

/** What a POST answered: the status, `Retry-After`, and the first {@link RESPONSE_BODY_LIMIT} bytes. */
interface PostResponse {
  readonly statusCode: number;
  readonly retryAfter: string | undefined;
  readonly body: string;
}

/**
 * Sends one request through undici's dispatcher API: the status, one header and the first 1 KiB of
 * the body are all a delivery keeps, so no response stream is built (cheaper than `request`). The rest
 * of the body is read and dropped up to {@link DRAIN_LIMIT}, so the connection can be reused; past
 * that it is aborted. Once the status is in, a failure while reading the body is not an error: the
 * status is what counts and what was read is kept.
 */
function dispatchPost(pool: Pool, options: Dispatcher.DispatchOptions): Promise<PostResponse> {
  return new Promise((resolve, reject) => {
    let statusCode = 0;
    let retryAfter: string | undefined;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let total = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve({ statusCode, retryAfter, body: storableText(Buffer.concat(kept).toString('utf8')) });
    };
    pool.dispatch(options, {
      onRequestStart() {},
      onResponseStart(_controller, status, headers) {
        // 1xx informational answers come before the final one.
        if (status < 200) return;
        statusCode = status;
        const value = headers['retry-after'];
        retryAfter = Array.isArray(value) ? value[0] : value;
      },
      onResponseData(controller, chunk) {
        total += chunk.length;
        if (keptBytes < RESPONSE_BODY_LIMIT) {
          const slice = chunk.subarray(0, RESPONSE_BODY_LIMIT - keptBytes);
          kept.push(slice);
          keptBytes += slice.length;
        }
        if (total > DRAIN_LIMIT) {
          finish();
          controller.abort(new Error('response body past the drain limit'));
        }
      },
      onResponseEnd: finish,
      onResponseError(_controller, error) {
        if (statusCode !== 0) finish();
        else if (!settled) {
          settled = true;
          reject(error);
        }
      },
    });
  });
}

/**
 * One webhook POST: resolve and vet the destination (SSRF guard), connect to the vetted address, send
 * the body with the given headers, and report the status and the first 1 KiB of the response, or the
 * class of failure (timeout, refused, DNS, blocked by the guard, TLS, other network error). Never
 * throws; never follows a redirect.
 */
export async function postWebhook(
  pools: DestinationPools,
  request: { url: URL; body: string; headers: Record<string, string> },
  policy: DestinationPolicy,
): Promise<AttemptOutcome> {
  const started = performance.now();
  try {
    const target = await resolveDestination(request.url.hostname, policy);
    const response = await dispatchPost(pools.get(request.url, target), {
      path: `${request.url.pathname}${request.url.search}`,
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    return {
      kind: 'response',
      statusCode: response.statusCode,
      responseBody: response.body,
      retryAfter: response.retryAfter,
      latencyMs: performance.now() - started,
    };
  } catch (error) {
    return {
      kind: 'error',
      errorClass: errorClassOf(error),
      message: storableText(`${(error as Error).message || errorCode(error) || String(error)}`.slice(0, 500)),
      latencyMs: performance.now() - started,
    };
  }
}
