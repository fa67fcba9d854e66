import { apiContract, IDEMPOTENCY_KEY_HEADER } from '@cairn/contract';
import { checkNumberOption } from './checkNumberOption.js';
import { CairnError } from './errors/CairnError.js';
import { InvalidResponseError } from './errors/InvalidResponseError.js';
import { RequestAbortedError } from './errors/RequestAbortedError.js';
import { generateIdempotencyKey } from './idempotencyKey.js';
import { linkAbortSignals } from './linkAbortSignals.js';
import type { RetryPolicy } from './retryPolicy.js';
import { type FetchFunction, type HttpSuccess, sendAttempt } from './sendAttempt.js';
import { SDK_VERSION } from './version.js';

/** Options every SDK method accepts as its last argument. */
export interface RequestOptions {
  /**
   * `Idempotency-Key` for a POST (default: a fresh UUID v4 per call, reused across that call's own
   * retries). The same key with the same body returns the stored response for 24 hours; with a
   * different body the gateway answers `IDEMPOTENCY_KEY_REUSED`. Ignored by GET and DELETE.
   */
  readonly idempotencyKey?: string | undefined;
  /** Timeout of each attempt in milliseconds (default: the client's `timeoutMs`). */
  readonly timeoutMs?: number | undefined;
  /** Retries after the first attempt (default: the client's `maxRetries`); 0 disables retries. */
  readonly maxRetries?: number | undefined;
  /** Aborts the call at once, without retrying; the SDK then throws `RequestAbortedError`. */
  readonly signal?: AbortSignal | undefined;
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Everything a request needs from the client. Holds the API key: never log it. */
export interface ClientConfig {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly fetch: FetchFunction;
  readonly signal: AbortSignal | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly retryPolicy: RetryPolicy;
}

/** A route of the API contract, e.g. `createPayment`. */
export type RouteName = keyof typeof apiContract;

/** What varies per call: path parameters, query and JSON body. */
export interface RequestInput {
  readonly pathParams?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | undefined>>;
  readonly body?: unknown;
}

/** Sends one request of the contract and resolves with its validated body (a bound {@link request}). */
export type SendRequest = (
  route: RouteName,
  input: RequestInput,
  options?: RequestOptions,
) => Promise<unknown>;

interface ResponseSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: unknown };
}

/** The URL of a route: the base URL, the path with its parameters filled in, the query string. */
export function buildUrl(config: ClientConfig, path: string, input: RequestInput): string {
  const filledPath = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = input.pathParams?.[name];
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`Cairn: \`${name}\` must be a non-empty string`);
    }
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) query.set(key, value);
  }
  const search = query.toString();
  return `${config.baseUrl}${filledPath}${search === '' ? '' : `?${search}`}`;
}

function validateSuccess(routeName: RouteName, method: string, path: string, result: HttpSuccess): unknown {
  const responses = apiContract[routeName].responses as Readonly<Record<string, ResponseSchema | undefined>>;
  const schema =
    responses[result.status] ?? Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
  const parsed = schema?.safeParse(result.body);
  if (parsed?.success) return parsed.data;
  const issue = (parsed?.error as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)
    ?.issues?.[0];
  const where = issue ? ` (${issue.path.map(String).join('.') || 'body'}: ${issue.message})` : '';
  throw new InvalidResponseError({
    message: `The response to ${method} ${path} does not match the Cairn API contract${where}. Is baseUrl a Cairn gateway of a compatible version?`,
    status: result.status,
    requestId: result.requestId,
    raw: result.body,
    cause: parsed?.error,
  });
}

/**
 * Calls one route of the API contract: builds the URL from the route's method and path, adds the
 * headers (a generated `Idempotency-Key` on POST, reused across retries), sends with a per-attempt
 * timeout, retries per the retry policy, and validates a 2xx body with the route's response schema.
 * Resolves with the validated body; rejects with a {@link CairnError}.
 */
export async function request(
  config: ClientConfig,
  routeName: RouteName,
  input: RequestInput,
  options: RequestOptions = {},
): Promise<unknown> {
  const { method, path } = apiContract[routeName];
  const timeoutMs = checkNumberOption('timeoutMs', options.timeoutMs ?? config.timeoutMs, 'duration');
  const maxRetries = checkNumberOption('maxRetries', options.maxRetries ?? config.maxRetries, 'count');
  const client = `@cairn/sdk/${SDK_VERSION}`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': client,
    'x-cairn-client': client,
    ...config.headers,
    ...options.headers,
    authorization: `Bearer ${config.apiKey}`,
  };
  if (method === 'POST') {
    const key = options.idempotencyKey ?? generateIdempotencyKey();
    if (key === '' || key.length > 255)
      throw new TypeError('Cairn: `idempotencyKey` must have 1 to 255 characters');
    headers[IDEMPOTENCY_KEY_HEADER] = key;
  }
  let body: string | undefined;
  if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers['content-type'] = 'application/json';
  }
  const httpRequest = { method, url: buildUrl(config, path, input), headers, body };
  const caller = linkAbortSignals([config.signal, options.signal]);
  try {
    for (let retry = 0; ; retry++) {
      try {
        const result = await sendAttempt(config.fetch, httpRequest, timeoutMs, caller.signal);
        return validateSuccess(routeName, method, path, result);
      } catch (error) {
        if (!(error instanceof CairnError) || retry >= maxRetries || !config.retryPolicy.shouldRetry(error)) {
          throw error;
        }
        try {
          await config.retryPolicy.wait(config.retryPolicy.delayMs(error, retry), caller.signal);
        } catch (cause) {
          if (caller.signal.aborted) {
            throw new RequestAbortedError({ message: 'The request was aborted by the caller', cause });
          }
          throw cause;
        }
      }
    }
  } finally {
    caller.unlink();
  }
}
