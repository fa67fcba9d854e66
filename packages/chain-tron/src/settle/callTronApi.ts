import { ChainBackendError } from '@cairn/chain-core';
import { parseTronJson } from '../observe/parseTronJson.js';

/** Where and how to reach a java-tron full node's HTTP API. */
export interface TronApiOptions {
  readonly chainId: string;
  /** Base URL (e.g. `http://127.0.0.1:8090`); `/wallet/…` is appended. */
  readonly url: string;
  readonly timeoutMs?: number;
  /** Extra request headers (e.g. TronGrid's `TRON-PRO-API-KEY`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A POST to one endpoint of a java-tron full node's HTTP API: `body` is an object (sent as JSON) or
 * JSON text sent as it is (a signed transaction). The answer is parsed with {@link parseTronJson}
 * (int64 fields never through a JS number). A transport failure or timeout, a non-2xx status, an
 * answer that is not JSON and java-tron's `{"Error": "…"}` (printed with HTTP 200) all throw a
 * {@link ChainBackendError} naming the chain and the endpoint.
 */
export function createTronApiCaller(
  options: TronApiOptions,
): (path: string, body: Record<string, unknown> | string) => Promise<Record<string, unknown>> {
  const base = options.url.replace(/\/+$/, '');
  return async (path, body) => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      text = await response.text();
    } catch (error) {
      throw new ChainBackendError(options.chainId, `${path}: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) {
      throw new ChainBackendError(options.chainId, `${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
    }
    let parsed: unknown;
    try {
      parsed = parseTronJson(text);
    } catch (error) {
      throw new ChainBackendError(options.chainId, `${path}: the node answered no JSON`, { cause: error });
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ChainBackendError(options.chainId, `${path}: the node answered ${text.slice(0, 200)}`);
    }
    if ('Error' in parsed) {
      throw new ChainBackendError(
        options.chainId,
        `${path}: ${String((parsed as { Error: unknown }).Error)}`,
      );
    }
    return parsed as Record<string, unknown>;
  };
}

/**
 * A `bytes` field of java-tron's JSON (`message`, `resMessage`), printed as hex, as text; text that
 * is not hex is returned as it is.
 */
export function textOfTronBytes(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(value)) return value;
  return Buffer.from(value, 'hex').toString('utf8');
}
