import { ConnectionError } from './errors/ConnectionError.js';
import { errorFromResponse } from './errors/errorFromResponse.js';
import { RequestAbortedError } from './errors/RequestAbortedError.js';
import { TimeoutError } from './errors/TimeoutError.js';
import { parseRetryAfter } from './parseRetryAfter.js';

/** A `fetch`-compatible function: `globalThis.fetch`, undici's, or a test double. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** One HTTP request, ready to send. */
export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

/** A 2xx response: its status, parsed body and request id. */
export interface HttpSuccess {
  readonly status: number;
  readonly body: unknown;
  readonly requestId: string | undefined;
}

/** Describes a network failure with the most specific reason the runtime gives (e.g. ECONNREFUSED). */
function describeFailure(cause: unknown): string {
  const error = cause as { message?: unknown; cause?: { code?: unknown; message?: unknown } } | undefined;
  const inner = error?.cause?.code ?? error?.cause?.message;
  return `${String(error?.message ?? cause)}${inner === undefined ? '' : ` (${String(inner)})`}`;
}

/** The body as JSON when it parses, else as text (`undefined` when empty). */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one attempt with its own timeout. Resolves with a 2xx response; throws the typed error of a
 * non-2xx response, a {@link TimeoutError}, a {@link ConnectionError}, or a
 * {@link RequestAbortedError} when `callerSignal` aborts.
 */
export async function sendAttempt(
  fetchFn: FetchFunction,
  request: HttpRequest,
  timeoutMs: number,
  callerSignal: AbortSignal,
): Promise<HttpSuccess> {
  const aborted = () =>
    new RequestAbortedError({ message: 'The request was aborted by the caller', cause: callerSignal.reason });
  if (callerSignal.aborted) throw aborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal.reason);
  callerSignal.addEventListener('abort', onCallerAbort, { once: true });
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
    });
    text = await response.text();
  } catch (cause) {
    if (callerSignal.aborted) throw aborted();
    if (timedOut) {
      throw new TimeoutError({
        message: `${request.method} ${request.url} got no complete response within ${timeoutMs} ms`,
        cause,
      });
    }
    throw new ConnectionError({
      message: `Could not reach the Cairn gateway for ${request.method} ${request.url}: ${describeFailure(cause)}`,
      cause,
    });
  } finally {
    clearTimeout(timer);
    callerSignal.removeEventListener('abort', onCallerAbort);
  }
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const body = parseBody(text);
  if (response.status >= 200 && response.status < 300) return { status: response.status, body, requestId };
  throw errorFromResponse({
    status: response.status,
    body,
    requestId,
    retryAfter: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
  });
}
