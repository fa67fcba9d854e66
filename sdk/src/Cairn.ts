import type { Mode } from '@cairn/contract';
import { modeOfApiKey } from './apiKey.js';
import { checkNumberOption } from './checkNumberOption.js';
import { type OpenStream, openStream } from './openStream.js';
import { type ClientConfig, request, type SendRequest } from './request.js';
import { type CheckoutResource, createCheckoutResource } from './resources/checkout.js';
import { type CreditResource, createCreditResource } from './resources/credit.js';
import { createEventsResource, type EventsResource } from './resources/events.js';
import { createInvoicesResource, type InvoicesResource } from './resources/invoices.js';
import { createPaymentLinksResource, type PaymentLinksResource } from './resources/paymentLinks.js';
import { createPaymentsResource, type PaymentsResource } from './resources/payments.js';
import { createTestHelpersResource, type TestHelpersResource } from './resources/testHelpers.js';
import { type RetryOptions, RetryPolicy } from './retryPolicy.js';
import type { FetchFunction } from './sendAttempt.js';
import { warnIfBrowser } from './warnIfBrowser.js';

/** Options of {@link Cairn}. Only `apiKey` is required. */
export interface CairnOptions {
  /** Secret API key from the dashboard: `pk_test_…` (test mode) or `pk_live_…` (live mode). */
  readonly apiKey: string;
  /** Gateway origin, optionally with a path prefix (default `http://localhost:3000`). */
  readonly baseUrl?: string | undefined;
  /** Timeout of each attempt in milliseconds (default 30000). */
  readonly timeoutMs?: number | undefined;
  /** Retries after the first attempt for retryable failures (default 3; 0 disables). */
  readonly maxRetries?: number | undefined;
  /** Backoff tuning, and injectable `sleep` / `random` for tests. */
  readonly retry?: RetryOptions | undefined;
  /** `fetch` implementation (default `globalThis.fetch`, looked up at call time). Must honour `signal`. */
  readonly fetch?: FetchFunction | undefined;
  /** Aborts every request of this client (e.g. on shutdown). */
  readonly signal?: AbortSignal | undefined;
  /** Extra headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Silences the warning printed when the client is constructed in a browser. API keys are secrets;
   * only set this for trusted environments such as an internal tool behind authentication.
   */
  readonly dangerouslyAllowBrowser?: boolean | undefined;
}

const DEFAULT_BASE_URL = 'http://localhost:3000';

/**
 * The Cairn merchant API client.
 *
 * Every method returns the unwrapped, schema-validated object (`Payment`, `Checkout`, `Refund`) and
 * throws a typed {@link CairnError} subclass on failure. POSTs carry an automatic `Idempotency-Key`
 * that is reused across retries; connection errors, timeouts, 429, 5xx and non-deterministic 409s are
 * retried with capped exponential backoff and full jitter.
 *
 * The API key never appears in error messages, `toString()`, `JSON.stringify` or `util.inspect`.
 *
 * @example
 * ```ts
 * import { Cairn } from '@cairn/sdk';
 *
 * const cairn = new Cairn({
 *   apiKey: process.env.CAIRN_API_KEY!, // pk_test_… or pk_live_…
 *   baseUrl: 'https://pay.example.com',
 * });
 * const payment = await cairn.payments.create({ fiat_amount: '25.00', fiat_currency: 'EUR' });
 * console.log(cairn.mode, payment.checkout_url);
 * ```
 */
export class Cairn {
  /** Payments: create, retrieve, list, cancel, accept a shortfall, record a refund. */
  readonly payments: PaymentsResource;
  /** Checkout: read it, select the chain and coin. */
  readonly checkout: CheckoutResource;
  /** Events: every event of the key's mode as its webhook body, to reconcile missed deliveries. */
  readonly events: EventsResource;
  /** Payment links: reusable pages for a fixed amount (create, retrieve, list, deactivate). */
  readonly paymentLinks: PaymentLinksResource;
  /** Invoices: create, send, remind, void, retrieve, list, export. */
  readonly invoices: InvoicesResource;
  /** Prepaid Credit: export the ledger of the key's mode. */
  readonly credit: CreditResource;
  /** Test helpers (a `pk_test_` key only): end a test payment's window now. */
  readonly testHelpers: TestHelpersResource;
  /** `test` for a `pk_test_` key, `live` for a `pk_live_` key. */
  readonly mode: Mode;
  /** The gateway origin requests go to (without a trailing slash). */
  readonly baseUrl: string;

  /**
   * Creates a client. Throws a `TypeError` at once for a missing or malformed API key (one that
   * does not start with `pk_test_` / `pk_live_`, or contains whitespace), an invalid `baseUrl`, or
   * invalid numbers. In a browser it logs one warning that keys must stay server-side, unless
   * `dangerouslyAllowBrowser` is set.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: 'pk_test_51H8xExample', timeoutMs: 10_000, maxRetries: 2 });
   * console.log(cairn.mode); // 'test'
   * ```
   */
  constructor(options: CairnOptions) {
    this.mode = modeOfApiKey(options?.apiKey);
    const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/?#\s]+/i.test(baseUrl)) {
      throw new TypeError('Cairn: `baseUrl` must be an http(s) URL such as https://pay.example.com');
    }
    this.baseUrl = baseUrl;
    if (options.fetch === undefined && typeof globalThis.fetch !== 'function') {
      throw new TypeError('Cairn: this runtime has no global fetch; pass the `fetch` option');
    }
    // Looked up at call time, so a fetch installed or mocked after construction is used.
    const fetchFn: FetchFunction = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    const config: ClientConfig = {
      apiKey: options.apiKey,
      baseUrl,
      timeoutMs: checkNumberOption('timeoutMs', options.timeoutMs ?? 30_000, 'duration'),
      maxRetries: checkNumberOption('maxRetries', options.maxRetries ?? 3, 'count'),
      fetch: fetchFn,
      signal: options.signal,
      headers: { ...options.headers },
      retryPolicy: new RetryPolicy(options.retry),
    };
    const send: SendRequest = (route, input, requestOptions) => request(config, route, input, requestOptions);
    const open: OpenStream = (route, input, requestOptions) =>
      openStream(config, route, input, requestOptions);
    this.payments = createPaymentsResource(send, open);
    this.checkout = createCheckoutResource(send);
    this.events = createEventsResource(send, open);
    this.paymentLinks = createPaymentLinksResource(send);
    this.invoices = createInvoicesResource(send, open);
    this.credit = createCreditResource(open);
    this.testHelpers = createTestHelpersResource(send);
    Object.defineProperty(this, Symbol.for('nodejs.util.inspect.custom'), { value: () => this.toString() });
    if (!options.dangerouslyAllowBrowser) warnIfBrowser();
  }

  /**
   * A description without the API key.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * console.log(String(new Cairn({ apiKey: 'pk_test_51H8xExample' })));
   * // Cairn { mode: 'test', baseUrl: 'http://localhost:3000' }
   * ```
   */
  toString(): string {
    return `Cairn { mode: '${this.mode}', baseUrl: '${this.baseUrl}' }`;
  }

  /**
   * The JSON form, without the API key.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * console.log(JSON.stringify(new Cairn({ apiKey: 'pk_live_51H8xExample' })));
   * // {"mode":"live","baseUrl":"http://localhost:3000"}
   * ```
   */
  toJSON(): { mode: Mode; baseUrl: string } {
    return { mode: this.mode, baseUrl: this.baseUrl };
  }
}
