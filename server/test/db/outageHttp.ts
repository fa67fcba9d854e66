import { expect } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/platform/db/databaseTimeouts.js';
import { messages } from '../../src/surfaces/checkoutPage/render/messages.js';

/** An answer, with how long it took. */
export interface TimedResponse {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field
  readonly body: any;
  readonly ms: number;
}

/**
 * One HTTP request with a client timeout: no answer within `timeoutMs` throws (a hang fails the test
 * that made the request, as it would a merchant's client).
 */
export async function timedRequest(
  url: string,
  options: {
    method?: string;
    key?: string;
    json?: unknown;
    headers?: Record<string, string>;
    timeoutMs: number;
  },
): Promise<TimedResponse> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const started = Date.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers,
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw new Error(`${method} ${url}: no answer within ${options.timeoutMs} ms (${String(error)})`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return {
    method,
    url,
    status: response.status,
    headers: response.headers,
    text,
    body,
    ms: Date.now() - started,
  };
}

const describeResponse = (r: TimedResponse) =>
  `${r.method} ${r.url} -> ${r.status} in ${r.ms} ms: ${r.text.slice(0, 300)}`;

/** The merchant API's answer while the database is unreachable: 503, Retry-After, our error shape. */
export function expectApiUnavailable(response: TimedResponse): void {
  expect(response.status, describeResponse(response)).toBe(503);
  expect(response.headers.get('retry-after'), describeResponse(response)).toBe(
    String(DATABASE_RETRY_AFTER_SECONDS),
  );
  expect(response.headers.get('content-type'), describeResponse(response)).toMatch(/^application\/json/);
  expect(response.body, describeResponse(response)).toEqual({
    error: {
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('database'),
      request_id: expect.stringMatching(/^req_/),
    },
  });
}

/** The hosted checkout's answer while the database is unreachable: a 503 page that says to retry. */
export function expectCheckoutUnavailable(response: TimedResponse): void {
  expect(response.status, describeResponse(response)).toBe(503);
  expect(response.headers.get('retry-after'), describeResponse(response)).toBe(
    String(DATABASE_RETRY_AFTER_SECONDS),
  );
  expect(response.headers.get('content-type'), describeResponse(response)).toMatch(/^text\/html/);
  expect(response.text).toContain(`<h1 id="message-heading">${messages.unavailableTitle}</h1>`);
  expect(response.text).toContain('Please try again in a few seconds.');
  // Security headers as on every checkout page.
  expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
}
