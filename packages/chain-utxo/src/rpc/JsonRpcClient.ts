import { quoteAmountFields } from './quoteAmountFields.js';

/** A JSON-RPC error answered by the node (`code` is Bitcoin Core's, e.g. -5 for an unknown tx). */
export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly rpcCode: number,
    message: string,
  ) {
    super(`${method}: ${message} (RPC error ${rpcCode})`);
    this.name = 'JsonRpcError';
  }
}

/** The node could not be reached or answered something that is not JSON-RPC. */
export class JsonRpcTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JsonRpcTransportError';
  }
}

/** One call of a batch: its result, or the node's error for it. */
export type BatchResult<T> = { ok: true; result: T } | { ok: false; error: JsonRpcError };

interface RpcReply {
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: { code?: number; message?: string } | null;
}

/**
 * A Bitcoin Core-compatible JSON-RPC client (Litecoin, Bitcoin Cash nodes, Dogecoin): one call or a
 * batch per HTTP request, credentials from the URL (`http://user:pass@host:port[/wallet/name]`) sent as
 * Basic auth and never included in messages, amounts parsed as strings (see quoteAmountFields).
 */
export class JsonRpcClient {
  readonly #endpoint: string;
  readonly #authorization: string | undefined;
  readonly #timeoutMs: number;
  readonly #headers: Readonly<Record<string, string>>;
  /** The URL without credentials, for messages and logs. */
  readonly displayUrl: string;
  #nextId = 1;

  constructor(url: string, options: { timeoutMs?: number; headers?: Readonly<Record<string, string>> } = {}) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (error) {
      throw new JsonRpcTransportError('the JSON-RPC URL is not a valid URL', { cause: error });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new JsonRpcTransportError(`the JSON-RPC URL must be http or https, not ${parsed.protocol}`);
    }
    this.#authorization =
      parsed.username === ''
        ? undefined
        : `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`;
    parsed.username = '';
    parsed.password = '';
    this.#endpoint = parsed.toString();
    this.displayUrl = this.#endpoint;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#headers = options.headers ?? {};
  }

  /** Calls one method; throws {@link JsonRpcError} for an error answer. */
  async call<T>(
    method: string,
    params: readonly unknown[] = [],
    options: { timeoutMs?: number } = {},
  ): Promise<T> {
    const reply = (await this.#post(
      { jsonrpc: '1.0', id: this.#nextId++, method, params },
      options,
    )) as RpcReply;
    if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) {
      throw new JsonRpcTransportError(`${method}: the node answered something that is not JSON-RPC`);
    }
    if (reply.error) throw new JsonRpcError(method, reply.error.code ?? 0, reply.error.message ?? 'unknown');
    return reply.result as T;
  }

  /** Calls several methods in one HTTP request; each answer is a result or that call's error. */
  async batch<T>(
    calls: readonly { method: string; params?: readonly unknown[] }[],
  ): Promise<BatchResult<T>[]> {
    if (calls.length === 0) return [];
    const first = this.#nextId;
    this.#nextId += calls.length;
    const body = calls.map((c, i) => ({
      jsonrpc: '1.0',
      id: first + i,
      method: c.method,
      params: c.params ?? [],
    }));
    const replies = await this.#post(body, {});
    if (!Array.isArray(replies)) throw new JsonRpcTransportError('a batch was not answered with an array');
    const byId = new Map<unknown, RpcReply>((replies as RpcReply[]).map((r) => [r.id, r]));
    return calls.map((c, i) => {
      const reply = byId.get(first + i);
      if (!reply) return { ok: false, error: new JsonRpcError(c.method, 0, 'no answer in the batch') };
      if (reply.error)
        return {
          ok: false,
          error: new JsonRpcError(c.method, reply.error.code ?? 0, reply.error.message ?? ''),
        };
      return { ok: true, result: reply.result as T };
    });
  }

  async #post(body: unknown, options: { timeoutMs?: number }): Promise<unknown> {
    const method = Array.isArray(body) ? 'batch' : (body as { method: string }).method;
    let response: Response;
    try {
      response = await fetch(this.#endpoint, {
        method: 'POST',
        headers: {
          ...this.#headers,
          'content-type': 'application/json',
          ...(this.#authorization ? { authorization: this.#authorization } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.#timeoutMs),
      });
    } catch (error) {
      throw new JsonRpcTransportError(
        `${method}: cannot reach ${this.displayUrl}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    const text = await response.text().catch(() => '');
    if (response.status === 401 || response.status === 403) {
      throw new JsonRpcTransportError(
        `${method}: ${this.displayUrl} refused the credentials (HTTP ${response.status})`,
      );
    }
    // Bitcoin Core answers RPC errors with HTTP 404/500 and a JSON-RPC body: parse before judging the status.
    try {
      return JSON.parse(quoteAmountFields(text));
    } catch {
      throw new JsonRpcTransportError(
        `${method}: ${this.displayUrl} answered HTTP ${response.status} without JSON-RPC (${text.slice(0, 120)})`,
      );
    }
  }
}
