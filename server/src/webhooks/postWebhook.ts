import type { Readable } from 'node:stream';
import type { DestinationPools } from './createDestinationPools.js';
import type { AttemptOutcome, DeliveryErrorClass } from './deliveryTypes.js';
import { RESPONSE_BODY_LIMIT } from './planAttemptResult.js';
import {
  DestinationBlockedError,
  type DestinationPolicy,
  DnsResolutionError,
  resolveDestination,
} from './resolveDestination.js';
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

/**
 * The first {@link RESPONSE_BODY_LIMIT} bytes of a response body, as text. A body announced by
 * Content-Length within the drain limit is read whole through undici's consume path (cheaper than
 * stream events; undici fails a body longer than announced); any other is streamed and cut off.
 */
async function readResponseBody(body: Readable & { bytes(): Promise<Uint8Array> }, length: unknown) {
  const announced = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : Number.NaN;
  if (!(announced <= DRAIN_LIMIT)) return readCapped(body);
  let bytes: Uint8Array;
  try {
    bytes = await body.bytes();
  } catch {
    // The status is what counts; a body cut short is not kept.
    return '';
  }
  return storableText(
    Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, RESPONSE_BODY_LIMIT)).toString('utf8'),
  );
}

/** Reads at most {@link RESPONSE_BODY_LIMIT} bytes to keep; drains the rest up to a limit. */
function readCapped(body: Readable): Promise<string> {
  return new Promise((resolve) => {
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let total = 0;
    const finish = () => resolve(storableText(Buffer.concat(kept).toString('utf8')));
    body.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (keptBytes < RESPONSE_BODY_LIMIT) {
        const slice = chunk.subarray(0, RESPONSE_BODY_LIMIT - keptBytes);
        kept.push(slice);
        keptBytes += slice.length;
      }
      if (total > DRAIN_LIMIT) {
        body.destroy();
        finish();
      }
    });
    body.on('end', finish);
    // The status is what counts; a body cut short still leaves what was read.
    body.on('error', finish);
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
    const response = await pools.get(request.url, target).request({
      path: `${request.url.pathname}${request.url.search}`,
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    const responseBody = await readResponseBody(response.body, response.headers['content-length']);
    const retryAfter = response.headers['retry-after'];
    return {
      kind: 'response',
      statusCode: response.statusCode,
      responseBody,
      retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
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
