/**
 * rippled answered an error (HTTP 200 with `result.status: "error"`, the JSON-RPC error format of
 * https://xrpl.org/docs/references/http-websocket-apis/api-conventions/error-formatting): `rpcError`
 * is rippled's error code string (`lgrNotFound`, `invalidParams`, `tooBusy`, ...).
 */
export class RippledRpcError extends Error {
  readonly code = 'RIPPLED_RPC_ERROR';
  constructor(
    readonly method: string,
    readonly rpcError: string,
    readonly rpcErrorMessage: string | undefined,
  ) {
    super(`${method}: ${rpcError}${rpcErrorMessage ? ` (${rpcErrorMessage})` : ''}`);
    this.name = 'RippledRpcError';
  }
}

/** Why a {@link RippledTransportError} was raised. */
export type RippledTransportFailure =
  | 'invalid-url'
  | 'unreachable'
  | 'timeout'
  | 'http-status'
  | 'not-json'
  | 'unexpected-answer';

/**
 * rippled could not be reached or answered something that is not a JSON-RPC answer: refused
 * connection, per-call timeout, an HTTP status other than 200 (rippled answers 400 with a plain-text
 * reason for a request it cannot read, 403 for a forbidden admin method, 503 when overloaded), a body
 * that is not JSON or has no `result` object.
 */
export class RippledTransportError extends Error {
  readonly code = 'RIPPLED_TRANSPORT_ERROR';
  constructor(
    readonly failure: RippledTransportFailure,
    message: string,
    options: { cause?: unknown; httpStatus?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RippledTransportError';
    this.httpStatus = options.httpStatus;
  }
  /** The HTTP status, when an answer came. */
  readonly httpStatus: number | undefined;
}

/** Options of {@link RippledRpcClient}. */
export interface RippledRpcClientOptions {
  /** Per-call timeout in ms (default 30 s). */
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted node's API key). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The rippled API version every request names (`api_version: 2`, rippled 2.0+ and Clio). Version 2
 * is chosen explicitly because the two versions shape answers differently: with v2 the `ledger`
 * method's expanded transactions are `{ tx_json, meta, hash, ledger_index, ledger_hash, validated,
 * close_time_iso }` and `ledger.ledger_index` is a number; v1 (the default when none is named) flattens
 * the transaction, puts its metadata under `metaData` and writes the index as a string.
 */
export const RIPPLED_API_VERSION = 2;

/**
 * A client for rippled's (or Clio's) JSON-RPC interface: `POST <url>` with
 * `{ "method": …, "params": [{ …, "api_version": 2 }] }`
 * (https://xrpl.org/docs/references/http-websocket-apis/api-conventions/request-formatting). One HTTP
 * request per call, a per-call timeout (`AbortSignal.timeout`), typed errors ({@link RippledRpcError}
 * for an error answer, {@link RippledTransportError} for everything else). Credentials in the URL
 * (`https://user:pass@host/`) are sent as HTTP basic authentication (fetch refuses them in the URL) and
 * never appear in error messages.
 *
 * @example
 * const rippled = new RippledRpcClient('http://127.0.0.1:5005');
 * const { ledger_index } = await rippled.call<{ ledger_index: number }>('ledger', { ledger_index: 'validated' });
 */
export class RippledRpcClient {
  readonly #endpoint: string;
  readonly #authorization: string | undefined;
  readonly #timeoutMs: number;
  readonly #headers: Readonly<Record<string, string>>;
  /** The URL without credentials, path or query, for messages. */
  readonly origin: string;

  constructor(url: string, options: RippledRpcClientOptions = {}) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (error) {
      throw new RippledTransportError('invalid-url', 'the rippled URL is not a valid URL', { cause: error });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new RippledTransportError(
        'invalid-url',
        `rippled's JSON-RPC URL must be http(s), not ${parsed.protocol} (WebSocket is not used)`,
      );
    }
    let credentials: string | undefined;
    try {
      credentials =
        parsed.username || parsed.password
          ? `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`
          : undefined;
    } catch (error) {
      throw new RippledTransportError(
        'invalid-url',
        'the credentials in the rippled URL are not valid percent-encoding',
        {
          cause: error,
        },
      );
    }
    this.#authorization = credentials ? `Basic ${Buffer.from(credentials).toString('base64')}` : undefined;
    parsed.username = '';
    parsed.password = '';
    this.#endpoint = parsed.toString();
    this.origin = parsed.origin;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#headers = options.headers ?? {};
  }

  /**
   * Calls `method` with `params` (plus `api_version: 2`) and returns `result` of a successful answer.
   * Throws {@link RippledRpcError} when rippled answers an error, {@link RippledTransportError}
   * otherwise.
   */
  async call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const body = JSON.stringify({ method, params: [{ ...params, api_version: RIPPLED_API_VERSION }] });
    let response: Response;
    try {
      response = await fetch(this.#endpoint, {
        method: 'POST',
        headers: {
          ...this.#headers,
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.#authorization ? { authorization: this.#authorization } : {}),
        },
        body,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new RippledTransportError(
          'timeout',
          `${method}: rippled at ${this.origin} did not answer within ${this.#timeoutMs} ms`,
          { cause: error },
        );
      }
      throw new RippledTransportError('unreachable', `${method}: cannot reach rippled at ${this.origin}`, {
        cause: error,
      });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new RippledTransportError('unreachable', `${method}: the answer from ${this.origin} broke off`, {
        cause: error,
      });
    }
    if (response.status !== 200) {
      throw new RippledTransportError(
        'http-status',
        `${method}: rippled at ${this.origin} answered HTTP ${response.status}: ${text.slice(0, 200).trim()}`,
        { httpStatus: response.status },
      );
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch (error) {
      throw new RippledTransportError('not-json', `${method}: the answer from ${this.origin} is not JSON`, {
        cause: error,
      });
    }
    const result = (answer as { result?: unknown } | null)?.result;
    if (typeof result !== 'object' || result === null || Array.isArray(result)) {
      throw new RippledTransportError(
        'unexpected-answer',
        `${method}: the answer from ${this.origin} has no result object`,
      );
    }
    const fields = result as { status?: unknown; error?: unknown; error_message?: unknown };
    if (fields.status === 'error' || typeof fields.error === 'string') {
      throw new RippledRpcError(
        method,
        typeof fields.error === 'string' ? fields.error : 'unknown',
        typeof fields.error_message === 'string' ? fields.error_message : undefined,
      );
    }
    return result as T;
  }
}
