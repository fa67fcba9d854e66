/** Why a {@link HorizonError} was raised. */
export type HorizonFailure = 'invalid-url' | 'unreachable' | 'timeout' | 'http-status' | 'not-json';

/**
 * Horizon could not be reached or answered something unusable: refused connection, timeout, an HTTP
 * status other than 200 (and other than 404 where a missing resource is an answer), a body that is
 * not JSON. `httpStatus` and `problem` (Horizon's `application/problem+json` title and detail) say
 * what Horizon said.
 */
export class HorizonError extends Error {
  readonly code = 'HORIZON_ERROR';
  constructor(
    readonly failure: HorizonFailure,
    message: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HorizonError';
  }
}

/**
 * uint64 members Horizon may print as JSON numbers (its muxed-account announcement shows
 * `to_muxed_id: 42`; Horizon itself prints a string): JSON.parse would round one above 2^53.
 */
const UINT64_NUMBER_MEMBERS =
  /"(to_muxed_id|from_muxed_id|destination_muxed_id)"(\s*):(\s*)([0-9]+)(?=\s*[,}\]])/g;

/**
 * `text` with every {@link UINT64_NUMBER_MEMBERS} number turned into the same digits as a string, so
 * parsing keeps them exact. A member name inside a JSON string has its quotes escaped (`\"`), so it
 * never matches.
 */
export function quoteUint64Fields(text: string): string {
  return text.replace(UINT64_NUMBER_MEMBERS, '"$1"$2:$3"$4"');
}

/** Options of a {@link HorizonClient}. */
export interface HorizonClientOptions {
  /** Per-request timeout in ms (default 15 s). */
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted Horizon's API key). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A minimal Horizon REST client: one GET per call, JSON answers, a per-request timeout. 404 answers
 * `null` (an unknown account, a ledger above the tip); every other failure raises
 * {@link HorizonError}.
 *
 * @example
 * const horizon = new HorizonClient('https://horizon-testnet.stellar.org');
 * const ledger = await horizon.get<HorizonLedger>('/ledgers/1');
 */
export class HorizonClient {
  /** The base URL without a trailing slash. */
  readonly url: string;
  readonly #timeoutMs: number;
  readonly #headers: Readonly<Record<string, string>>;

  constructor(url: string, options: HorizonClientOptions = {}) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (error) {
      throw new HorizonError('invalid-url', `the Horizon URL is not a valid URL: ${url}`, undefined, {
        cause: error,
      });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new HorizonError('invalid-url', `the Horizon URL must be http or https, not ${parsed.protocol}`);
    }
    parsed.search = '';
    parsed.hash = '';
    this.url = parsed.toString().replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#headers = options.headers ?? {};
  }

  /** GETs `path` (with `query`); resolves with the JSON body, or null for a 404. */
  async get<T>(path: string, query: Record<string, string | number> = {}): Promise<T | null> {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const target = `${this.url}${path}${search === '' ? '' : `?${search}`}`;
    let response: Response;
    try {
      response = await fetch(target, {
        headers: { ...this.#headers, accept: 'application/hal+json, application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new HorizonError('timeout', `Horizon did not answer GET ${path} within ${this.#timeoutMs} ms`);
      }
      throw new HorizonError(
        'unreachable',
        `cannot reach Horizon at ${this.url}: ${(error as Error).message}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    const text = await response.text();
    if (response.status === 404) return null;
    if (response.status !== 200) {
      let problem = '';
      try {
        const body = JSON.parse(text) as { title?: string; detail?: string };
        problem = [body.title, body.detail].filter(Boolean).join(': ');
      } catch {
        problem = text.slice(0, 200);
      }
      throw new HorizonError(
        'http-status',
        `Horizon answered HTTP ${response.status} to GET ${path}${problem ? ` (${problem})` : ''}`,
        response.status,
      );
    }
    try {
      return JSON.parse(quoteUint64Fields(text)) as T;
    } catch (error) {
      throw new HorizonError('not-json', `Horizon's answer to GET ${path} is not JSON`, response.status, {
        cause: error,
      });
    }
  }
}
