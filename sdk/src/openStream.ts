import { apiContract } from '@cairn/contract';
import { checkNumberOption } from './checkNumberOption.js';
import type { CairnError } from './errors/CairnError.js';
import { ConnectionError } from './errors/ConnectionError.js';
import { errorFromResponse } from './errors/errorFromResponse.js';
import { RequestAbortedError } from './errors/RequestAbortedError.js';
import { TimeoutError } from './errors/TimeoutError.js';
import { linkAbortSignals } from './linkAbortSignals.js';
import { parseRetryAfter } from './parseRetryAfter.js';
import {
  buildUrl,
  type ClientConfig,
  type RequestInput,
  type RequestOptions,
  type RouteName,
} from './request.js';
import { SDK_VERSION } from './version.js';

/** Opens a GET route that answers a file, resolving with its body as a stream (a bound {@link openStream}). */
export type OpenStream = (
  route: RouteName,
  input: RequestInput,
  options?: RequestOptions,
) => Promise<ReadableStream<Uint8Array>>;

const parseJson = (text: string): unknown => {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Calls a GET route whose answer is a file (an export) and resolves with its body as a web
 * `ReadableStream` once the status and headers have arrived: the timeout (`timeoutMs`) covers that
 * wait only, not the download; retries (per the retry policy) happen only before it. A non-2xx
 * answer rejects with its typed {@link CairnError}. Aborting `signal` (the client's or the call's)
 * also ends a download under way.
 */
export async function openStream(
  config: ClientConfig,
  routeName: RouteName,
  input: RequestInput,
  options: RequestOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  const { method, path } = apiContract[routeName];
  const timeoutMs = checkNumberOption('timeoutMs', options.timeoutMs ?? config.timeoutMs, 'duration');
  const maxRetries = checkNumberOption('maxRetries', options.maxRetries ?? config.maxRetries, 'count');
  const client = `@cairn/sdk/${SDK_VERSION}`;
  const headers: Record<string, string> = {
    accept: 'text/csv, application/x-ndjson, application/json',
    'user-agent': client,
    'x-cairn-client': client,
    ...config.headers,
    ...options.headers,
    authorization: `Bearer ${config.apiKey}`,
  };
  const url = buildUrl(config, path, input);
  const aborted = (cause: unknown) =>
    new RequestAbortedError({ message: 'The request was aborted by the caller', cause });
  for (let retry = 0; ; retry++) {
    const caller = linkAbortSignals([config.signal, options.signal]);
    if (caller.signal.aborted) throw aborted(caller.signal.reason);
    const attempt = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, timeoutMs);
    const onCallerAbort = () => attempt.abort(caller.signal.reason);
    caller.signal.addEventListener('abort', onCallerAbort, { once: true });
    let error: CairnError;
    try {
      const response = await config.fetch(url, { method, headers, signal: attempt.signal });
      if (response.ok && response.body) {
        // The download goes on: the caller's signal still aborts it (listeners dropped at its end).
        const body = response.body;
        const release = new TransformStream<Uint8Array, Uint8Array>({
          flush: () => {
            caller.signal.removeEventListener('abort', onCallerAbort);
            caller.unlink();
          },
        });
        return body.pipeThrough(release);
      }
      const text = await response.text();
      error = errorFromResponse({
        status: response.status,
        body: parseJson(text),
        requestId: response.headers.get('x-request-id') ?? undefined,
        retryAfter: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
      });
    } catch (cause) {
      if (caller.signal.aborted) throw aborted(cause);
      error = timedOut
        ? new TimeoutError({ message: `${method} ${url} got no response within ${timeoutMs} ms`, cause })
        : new ConnectionError({ message: `Could not reach the Cairn gateway for ${method} ${url}`, cause });
    } finally {
      clearTimeout(timer);
    }
    caller.signal.removeEventListener('abort', onCallerAbort);
    caller.unlink();
    if (retry >= maxRetries || !config.retryPolicy.shouldRetry(error)) throw error;
    const waiting = linkAbortSignals([config.signal, options.signal]);
    try {
      await config.retryPolicy.wait(config.retryPolicy.delayMs(error, retry), waiting.signal);
    } catch (cause) {
      if (waiting.signal.aborted) throw aborted(cause);
      throw cause;
    } finally {
      waiting.unlink();
    }
  }
}
