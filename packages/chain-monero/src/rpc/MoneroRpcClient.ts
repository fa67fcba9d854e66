import { Agent, fetch as fetchVia } from 'undici';
import {
  type DigestChallenge,
  type DigestLogin,
  digestAuthorization,
  parseDigestChallenges,
} from './digestAuthorization.js';
import { parseMoneroJson } from './parseMoneroJson.js';
import { stringifyMoneroJson } from './stringifyMoneroJson.js';

/**
 * monerod or monero-wallet-rpc answered an error: a JSON-RPC error object (`rpcCode` is Monero's, e.g.
 * -13 "No wallet file" from the wallet, -2 for a height above the tip from the daemon), or, from one of
 * the daemon's plain JSON endpoints (`/get_transactions`, `/pop_blocks`, ...), a `status` other than
 * `OK` (then `rpcCode` is 0 and `rpcMessage` is that status).
 */
export class MoneroRpcError extends Error {
  readonly code = 'MONERO_RPC_ERROR';
  constructor(
    /** The JSON-RPC method, or the endpoint path (`/get_transactions`). */
    readonly method: string,
    readonly rpcCode: number,
    readonly rpcMessage: string,
  ) {
    super(`${method}: ${rpcMessage} (Monero RPC error ${rpcCode})`);
    this.name = 'MoneroRpcError';
  }
}

/** Why a {@link MoneroRpcTransportError} was raised. */
export type MoneroRpcTransportFailure =
  | 'invalid-url'
  | 'unreachable'
  | 'timeout'
  | 'http-status'
  | 'not-json'
  | 'unexpected-answer';

/**
 * The RPC could not be reached or answered something that is not a Monero RPC answer: refused
 * connection, per-call timeout, an HTTP status other than 200 (404 for an unknown endpoint, 400 for a
 * body the endpoint cannot read, 401 when the server wants a login), a body that is not JSON.
 */
export class MoneroRpcTransportError extends Error {
  readonly code = 'MONERO_RPC_TRANSPORT_ERROR';
  readonly failure: MoneroRpcTransportFailure;
  /** The HTTP status, when an answer came. */
  readonly httpStatus: number | undefined;
  constructor(
    failure: MoneroRpcTransportFailure,
    message: string,
    options: { cause?: unknown; httpStatus?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MoneroRpcTransportError';
    this.failure = failure;
    this.httpStatus = options.httpStatus;
  }
}

export interface MoneroRpcClientOptions {
  /** Per-call timeout in ms (default 30 s); each call may pass its own. */
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted daemon's API key). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface MoneroRpcCallOptions {
  readonly timeoutMs?: number;
}

/**
 * A client for the RPC that monerod and monero-wallet-rpc share: JSON-RPC 2.0 at `/json_rpc`
 * ({@link call}) and the daemon's plain JSON endpoints ({@link post}). One HTTP request per call, a
 * per-call timeout (`AbortSignal.timeout`), typed errors ({@link MoneroRpcError} for an error answer,
 * {@link MoneroRpcTransportError} for everything else).
 *
 * Amounts: Monero prints uint64 piconero as bare JSON numbers that can exceed 2^53. Answers are parsed
 * with `parseMoneroJson`, which turns every integer of 16+ digits into a digit string (shorter ones stay
 * exact numbers); `MoneroDaemonRpc` and `MoneroWalletRpc` turn amounts into bigint. Requests are written
 * with `stringifyMoneroJson`, so a bigint in `params` goes out as a bare integer literal.
 *
 * Login: a URL with credentials (`http://user:password@host:port`, percent-encoded) answers the
 * servers' `--rpc-login`, which is HTTP Digest authentication (RFC 7616, MD5 or MD5-sess, `qop=auth`):
 * the first request draws the challenge, and later ones answer the same nonce with a growing count
 * until the server asks again. The credentials never appear in `url` or in errors.
 *
 * @example
 * const daemon = new MoneroRpcClient('http://127.0.0.1:18081');
 * const info = await daemon.call<{ height: number }>('get_info');
 * const pool = await daemon.post<{ tx_hashes?: string[] }>('/get_transaction_pool_hashes');
 */
export class MoneroRpcClient {
  /** The base URL without a trailing slash, e.g. `http://127.0.0.1:18081`. */
  readonly url: string;
  readonly #timeoutMs: number;
  readonly #headers: Readonly<Record<string, string>>;
  #nextId = 1;
  /** The `--rpc-login` credentials from the URL, if any. */
  readonly #login: DigestLogin | undefined;
  /** The server's last Digest challenge, and how many requests answered its nonce. */
  #challenge: DigestChallenge | undefined;
  #nonceCount = 0;
  /**
   * With a login, every request goes over one kept-alive connection: Monero's servers tie a Digest
   * nonce to the connection it was given on (a request on another one is refused as stale).
   */
  readonly #connection: Agent | undefined;

  constructor(url: string, options: MoneroRpcClientOptions = {}) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (error) {
      throw new MoneroRpcTransportError('invalid-url', `the Monero RPC URL is not a valid URL: ${url}`, {
        cause: error,
      });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new MoneroRpcTransportError(
        'invalid-url',
        `the Monero RPC URL must be http or https, not ${parsed.protocol}`,
      );
    }
    if (parsed.username !== '' || parsed.password !== '') {
      this.#login = {
        username: decodeURIComponent(parsed.username),
        password: decodeURIComponent(parsed.password),
      };
      parsed.username = '';
      parsed.password = '';
      this.#connection = new Agent({ connections: 1, pipelining: 1 });
    }
    parsed.search = '';
    parsed.hash = '';
    this.url = parsed.toString().replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#headers = options.headers ?? {};
  }

  /**
   * Calls a JSON-RPC method at `/json_rpc`; resolves with its `result`, throws {@link MoneroRpcError}
   * for an `error` answer. `params` is sent as given (bigint values as bare integers).
   */
  async call<T>(method: string, params?: object, options: MoneroRpcCallOptions = {}): Promise<T> {
    const body = { jsonrpc: '2.0', id: this.#nextId++, method, ...(params ? { params } : {}) };
    const reply = await this.#post(method, '/json_rpc', body, options);
    if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) {
      throw new MoneroRpcTransportError(
        'unexpected-answer',
        `${method}: ${this.url} answered something that is not JSON-RPC`,
      );
    }
    const { error, result } = reply as { error?: { code?: unknown; message?: unknown }; result?: unknown };
    if (error) {
      throw new MoneroRpcError(
        method,
        typeof error.code === 'number' ? error.code : 0,
        typeof error.message === 'string' ? error.message : 'unknown error',
      );
    }
    if (!('result' in reply)) {
      throw new MoneroRpcTransportError(
        'unexpected-answer',
        `${method}: ${this.url} answered JSON-RPC without a result or an error`,
      );
    }
    return result as T;
  }

  /**
   * POSTs `body` to one of the daemon's plain JSON endpoints (`path` such as `/get_transactions`) and
   * resolves with the answer; throws {@link MoneroRpcError} when its `status` is present and not `OK`.
   * Never use it for the `.bin` endpoints (epee binary, not JSON).
   */
  async post<T>(path: string, body: object = {}, options: MoneroRpcCallOptions = {}): Promise<T> {
    const endpoint = path.startsWith('/') ? path : `/${path}`;
    const reply = await this.#post(endpoint, endpoint, body, options);
    if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) {
      throw new MoneroRpcTransportError(
        'unexpected-answer',
        `${endpoint}: ${this.url} answered something that is not a JSON object`,
      );
    }
    const status = (reply as { status?: unknown }).status;
    if (typeof status === 'string' && status !== 'OK') throw new MoneroRpcError(endpoint, 0, status);
    return reply as T;
  }

  async #post(method: string, path: string, body: unknown, options: MoneroRpcCallOptions): Promise<unknown> {
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    let text: string;
    let status: number;
    const signal = AbortSignal.timeout(timeoutMs);
    const send = () => {
      const init = {
        method: 'POST',
        headers: { ...this.#headers, 'content-type': 'application/json', ...this.#authorization(path) },
        body: stringifyMoneroJson(body),
        signal,
      };
      const connection = this.#connection;
      return connection
        ? fetchVia(`${this.url}${path}`, { ...init, dispatcher: connection })
        : fetch(`${this.url}${path}`, init);
    };
    try {
      let response = await send();
      if (response.status === 401 && this.#login !== undefined) {
        // No challenge yet, or the nonce went stale: answer the new one, once.
        const [challenge] = parseDigestChallenges(response.headers.get('www-authenticate'));
        await response.arrayBuffer();
        if (challenge !== undefined) {
          this.#challenge = challenge;
          this.#nonceCount = 0;
          response = await send();
        }
      }
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new MoneroRpcTransportError(
          'timeout',
          `${method}: ${this.url} did not answer within ${timeoutMs} ms`,
          { cause: error },
        );
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new MoneroRpcTransportError(
        'unreachable',
        `${method}: cannot reach ${this.url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
        { cause: error },
      );
    }
    // Monero answers JSON-RPC errors with HTTP 200 and an error object; any other status is transport.
    if (status !== 200) {
      const hint =
        status === 401
          ? this.#login === undefined
            ? ' (the server wants a login: put it in the URL, http://user:password@host:port)'
            : ' (the login in the URL was refused)'
          : status === 404
            ? ' (no such endpoint on this server)'
            : '';
      throw new MoneroRpcTransportError(
        'http-status',
        `${method}: ${this.url} answered HTTP ${status}${hint}${text ? `: ${text.slice(0, 120)}` : ''}`,
        { httpStatus: status },
      );
    }
    try {
      return parseMoneroJson(text);
    } catch (error) {
      throw new MoneroRpcTransportError(
        'not-json',
        `${method}: ${this.url} answered HTTP ${status} without JSON (${text.slice(0, 120)})`,
        { cause: error, httpStatus: status },
      );
    }
  }

  /** The Authorization header answering the current challenge for `path`, or none. */
  #authorization(path: string): Record<string, string> {
    if (this.#login === undefined || this.#challenge === undefined) return {};
    this.#nonceCount += 1;
    return {
      authorization: digestAuthorization(this.#login, this.#challenge, 'POST', path, this.#nonceCount),
    };
  }
}
