/**
 * TEST FIXTURE: an in-process fastify 5 server that implements the Cairn API contract with in-memory
 * payments, so the SDK can be tested end to end without the real gateway. It is not the gateway: no
 * chains, no database, no webhooks. Rates, addresses and payment URIs are fake but deterministic.
 *
 * It validates every request and response against `apiContract` (ts-rest, `responseValidation: true`)
 * and answers errors in the contract's `{ error: { code, message, request_id, fields } }` shape with an
 * `x-request-id` header. Tests can script failures (`injectFaults`) and force a status (`setStatus`).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  apiContract,
  CHAINS,
  type ChainId,
  type ChainOption,
  type Checkout,
  type CreatePaymentRequest,
  type ErrorBody,
  type ErrorCode,
  hasAcceptedSet,
  IDEMPOTENCY_KEY_HEADER,
  LIST_LIMIT_DEFAULT,
  type Mode,
  type Payment,
  type PaymentStatus,
  parseEventTypeFilter,
  parseStatusFilter,
  parseToken,
  type Refund,
  type WebhookEvent,
} from '@cairn/contract';
import { initServer, type RequestValidationError, type RouterImplementation } from '@ts-rest/fastify';
import Fastify, { type FastifyRequest } from 'fastify';
import { createLinkAndInvoiceRoutes } from './fixtureLinksAndInvoices.js';

/** A scripted failure, consumed by the next request that matches it. */
export type Fault = (
  | {
      /** Answer with this status and a contract error body (or `body`), without running the route. */
      readonly kind: 'status';
      readonly status: number;
      readonly code?: ErrorCode | string;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: unknown;
    }
  /** Wait `ms` before handling the request normally (to exceed a client timeout). */
  | { readonly kind: 'delay'; readonly ms: number }
  /** Destroy the connection without answering. */
  | { readonly kind: 'drop' }
  /** Handle the request, then destroy the connection instead of answering: the response is lost. */
  | { readonly kind: 'dropResponse' }
  /** Answer 200 with a body that does not match the route's response schema. */
  | { readonly kind: 'invalidBody' }
) & {
  /** Only requests with this method (default: any). */
  readonly method?: string;
  /** Only requests whose URL matches (default: any). */
  readonly url?: RegExp;
};

/** Ready-made faults for the failures the SDK must survive. */
export const faults = {
  serviceUnavailable: (headers?: Record<string, string>): Fault => ({
    kind: 'status',
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    ...(headers ? { headers } : {}),
  }),
  internalError: (): Fault => ({ kind: 'status', status: 500, code: 'INTERNAL_ERROR' }),
  rateLimited: (retryAfter?: string): Fault => ({
    kind: 'status',
    status: 429,
    code: 'RATE_LIMITED',
    ...(retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } }),
  }),
  inProgress: (): Fault => ({ kind: 'status', status: 409, code: 'IDEMPOTENCY_REQUEST_IN_PROGRESS' }),
  conflict: (code: string): Fault => ({ kind: 'status', status: 409, code }),
  delay: (ms: number): Fault => ({ kind: 'delay', ms }),
  drop: (): Fault => ({ kind: 'drop' }),
  dropResponse: (): Fault => ({ kind: 'dropResponse' }),
  invalidBody: (): Fault => ({ kind: 'invalidBody' }),
};

/** A request as the fixture saw it. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** `Date.now()` on arrival. */
  readonly at: number;
}

export interface FixtureServer {
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  /** Keys of the fixture merchant in both modes, and a test key of a second merchant. */
  readonly keys: { readonly test: string; readonly live: string; readonly otherMerchantTest: string };
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Queues faults; each is consumed by the next request it matches. */
  injectFaults(...faults: Fault[]): void;
  /** Faults not consumed yet. */
  pendingFaults(): number;
  /** Test-only: forces a payment's status (e.g. `payment_detected`, `underpaid`). */
  setStatus(paymentId: string, status: PaymentStatus): void;
  /**
   * Test-only: what a customer pressing Pay on a link's page does. Creates a payment of the link (its
   * amount, accepted set, URLs and metadata, `payment_link_id` set) and returns the payment's id;
   * throws when the link is unknown, deactivated or sold out.
   */
  payLink(linkId: string): string;
  close(): Promise<void>;
}

interface Account {
  readonly apiKey: string;
  readonly mode: Mode;
  /** Payments are shared by every key of one merchant and mode. */
  readonly owner: string;
}

interface StoredPayment {
  readonly owner: string;
  readonly seq: number;
  payment: Payment;
}

interface StoredResponse {
  readonly fingerprint: string;
  result: { status: number; body: unknown } | 'in-progress';
}

/** Fiat units per whole coin; the same for every fiat currency (this is a fixture). */
const RATES: Readonly<Record<string, bigint>> = { BTC: 60_000n, ETH: 3_000n, USDC: 1n };
const OPTIONS: Readonly<Record<Mode, readonly (readonly [ChainId, string])[]>> = {
  test: [
    ['ETH_SEPOLIA', 'ETH'],
    ['ETH_SEPOLIA', 'USDC'],
    ['BTC_TESTNET', 'BTC'],
  ],
  live: [
    ['ETH', 'ETH'],
    ['ETH', 'USDC'],
    ['BTC', 'BTC'],
  ],
};
const CANCELLABLE: readonly PaymentStatus[] = ['pending', 'awaiting_payment'];
/** Statuses whose window a test helper can end (underpaid ones become expired_underpaid). */
const EXPIRABLE: readonly PaymentStatus[] = ['pending', 'awaiting_payment', 'underpaid'];
const REFUNDABLE: readonly PaymentStatus[] = ['refund_requested', 'underpaid', 'expired_underpaid'];
/** Statuses that give a payment link's use back (expired unpaid, cancelled). */
const RELEASED: readonly PaymentStatus[] = ['expired', 'cancelled'];

const now = () => new Date().toISOString();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function errorBody(
  code: ErrorCode | string,
  message: string,
  requestId: string,
  fields?: { field: string; message: string }[],
): ErrorBody {
  return { error: { code, message, request_id: requestId, ...(fields ? { fields } : {}) } };
}

function fail<S extends number>(status: S, code: ErrorCode, message: string, request: FastifyRequest) {
  return { status, body: errorBody(code, message, request.id) };
}

/** Decimal string of `atomic / 10^decimals` without trailing zeros. */
function formatUnits(atomic: bigint, decimals: number): string {
  const text = atomic.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

function chainOption(chainId: ChainId, symbol: string, fiatAmount: string, lockedAt: string): ChainOption {
  const coin = CHAINS[chainId].coins.find((c) => c.symbol === symbol)!;
  const [whole = '0', fraction = ''] = fiatAmount.split('.');
  const fiat4 = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
  const rate = RATES[symbol]!;
  const scale = 10n ** BigInt(coin.decimals);
  const atomic = (fiat4 * scale + rate * 10_000n - 1n) / (rate * 10_000n);
  return {
    chain_id: chainId,
    coin_symbol: symbol,
    crypto_amount: atomic.toString(),
    display_amount: formatUnits(atomic, coin.decimals),
    address: '',
    memo: '',
    payment_uri: '',
    exchange_rate: rate.toString(),
    exchange_rate_locked_at: lockedAt,
  };
}

function depositTarget(paymentId: string, option: ChainOption): { address: string; payment_uri: string } {
  const hash = sha256(`${paymentId}:${option.chain_id}:${option.coin_symbol}`);
  if (CHAINS[option.chain_id].family === 'utxo') {
    const address = `${CHAINS[option.chain_id].network === 'mainnet' ? 'bc1q' : 'tb1q'}${hash.slice(0, 38)}`;
    return { address, payment_uri: `bitcoin:${address}?amount=${option.display_amount}` };
  }
  const address = `0x${hash.slice(0, 40)}`;
  return { address, payment_uri: `ethereum:${address}?value=${option.crypto_amount}` };
}

const tokenOf = (o: { chain_id: string; coin_symbol: string }) => `${o.chain_id}:${o.coin_symbol}`;

function isAccepted(payment: Payment, option: { chain_id: string; coin_symbol: string }): boolean {
  return (
    payment.accepted_tokens.includes(tokenOf(option)) ||
    (payment.accepted_chains as string[]).includes(option.chain_id) ||
    payment.accepted_coins.includes(option.coin_symbol)
  );
}

function checkoutOf(payment: Payment): Checkout {
  const selectedOption = payment.chain_options.find(
    (o) => o.chain_id === payment.selected_chain_id && o.coin_symbol === payment.selected_coin_symbol,
  );
  const defaultOption = payment.chain_options.find((o) => isAccepted(payment, o));
  const accepted = payment.chain_options.filter((o) => isAccepted(payment, o));
  return {
    payment_id: payment.id,
    status: payment.status,
    fiat_amount: payment.fiat_amount,
    fiat_currency: payment.fiat_currency,
    description: payment.description,
    business_name: 'Fixture Shop',
    expires_at: payment.expires_at,
    default_token: defaultOption ? tokenOf(defaultOption) : null,
    chain_options: [...accepted, ...payment.chain_options.filter((o) => !accepted.includes(o))],
    selected: selectedOption
      ? {
          ...selectedOption,
          amount_received: payment.amount_received,
          amount_due: payment.amount_due,
          confirmations: 0,
          required_confirmations: CHAINS[selectedOption.chain_id].defaultConfirmations,
        }
      : null,
    success_url: payment.success_url,
    cancel_url: payment.cancel_url,
  };
}

function fieldsOf(error: unknown): { field: string; message: string }[] {
  const issues =
    (error as { issues?: { path?: readonly unknown[]; message: string }[] } | null)?.issues ?? [];
  return issues.map((issue) => ({
    field:
      (issue.path ?? [])
        .map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p))
        .join('.') || 'body',
    message: issue.message,
  }));
}

/** Starts the fixture on 127.0.0.1 with a free port. */
export async function startFixtureServer(): Promise<FixtureServer> {
  const suffix = randomUUID().replaceAll('-', '');
  const keys = {
    test: `pk_test_fixture${suffix}`,
    live: `pk_live_fixture${suffix}`,
    otherMerchantTest: `pk_test_other${suffix}`,
  };
  const accounts = new Map<string, Account>([
    [keys.test, { apiKey: keys.test, mode: 'test', owner: 'merchant-1:test' }],
    [keys.live, { apiKey: keys.live, mode: 'live', owner: 'merchant-1:live' }],
    [keys.otherMerchantTest, { apiKey: keys.otherMerchantTest, mode: 'test', owner: 'merchant-2:test' }],
  ]);
  const payments = new Map<string, StoredPayment>();
  /** Every event written, oldest first, as the gateway's outbox keeps them (no endpoint needed). */
  const events: { owner: string; event: WebhookEvent }[] = [];
  const idempotency = new Map<string, StoredResponse>();
  const requestAccounts = new WeakMap<FastifyRequest, Account>();
  const requests: RecordedRequest[] = [];
  const queue: Fault[] = [];
  const pendingDelays = new Set<() => void>();
  /** Requests whose response a `dropResponse` fault loses. */
  const losingResponses = new WeakSet<FastifyRequest>();
  let seq = 0;

  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    genReqId: () => `req_${randomUUID()}`,
  });

  // Only JSON bodies are accepted: anything else gets 415 UNSUPPORTED_MEDIA_TYPE.
  app.removeContentTypeParser('text/plain');

  // Root scope: request log, request id header, fault injection, contract-shaped errors.
  app.addHook('onRequest', async (request, reply) => {
    requests.push({
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      at: Date.now(),
    });
    reply.header('x-request-id', request.id);
    const index = queue.findIndex(
      (f) => (f.method === undefined || f.method === request.method) && (f.url?.test(request.url) ?? true),
    );
    if (index === -1) return;
    const fault = queue.splice(index, 1)[0]!;
    switch (fault.kind) {
      case 'status':
        reply
          .code(fault.status)
          .headers(fault.headers ?? {})
          .send(
            fault.body ?? errorBody(fault.code ?? 'INTERNAL_ERROR', `Injected ${fault.status}`, request.id),
          );
        return reply;
      case 'delay':
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            pendingDelays.delete(done);
            resolve();
          };
          const timer = setTimeout(done, fault.ms);
          pendingDelays.add(done);
        });
        return;
      case 'drop':
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      case 'dropResponse':
        losingResponses.add(request);
        return;
      case 'invalidBody':
        reply.code(200).send({ data: { id: 'not-a-payment', status: 'teleported' } });
        return reply;
    }
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (losingResponses.delete(request)) request.raw.socket.destroy();
    return payload;
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${request.url}`, request.id));
  });
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    const code: ErrorCode =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 400
            ? 'INVALID_REQUEST'
            : 'INTERNAL_ERROR';
    reply.code(code === 'INTERNAL_ERROR' ? 500 : status).send(errorBody(code, error.message, request.id));
  });

  const s = initServer();
  const account = (request: FastifyRequest) => requestAccounts.get(request)!;
  const find = (request: FastifyRequest, id: string) => {
    const stored = payments.get(id);
    return stored && stored.owner === account(request).owner ? stored : undefined;
  };
  const echoExport = (
    kind: string,
    query: Record<string, string | undefined>,
    request: FastifyRequest,
    reply: { header(name: string, value: string): unknown },
  ) => {
    const mode = account(request).mode;
    reply.header('content-disposition', `attachment; filename="${kind}-${mode}.${query.format ?? 'csv'}"`);
    const pairs = [['mode', mode], ...Object.entries(query).filter(([, value]) => value !== undefined)];
    const body =
      query.format === 'jsonl'
        ? `${JSON.stringify(Object.fromEntries(pairs))}\n`
        : ['name,value', ...pairs.map(([name, value]) => `${name},${value}`)]
            .map((line) => `${line}\r\n`)
            .join('');
    return { status: 200 as const, body };
  };
  const notFound = (request: FastifyRequest) => fail(404, 'NOT_FOUND', 'No such payment', request);
  const EVENT_FOR: Partial<Record<PaymentStatus, string>> = {
    awaiting_payment: 'payment.awaiting',
    payment_detected: 'payment.detected',
    confirmed: 'payment.confirmed',
    underpaid: 'payment.underpaid',
    refunded: 'payment.refunded',
    cancelled: 'payment.cancelled',
    expired: 'payment.expired',
    expired_underpaid: 'payment.expired_underpaid',
  };
  const update = (stored: StoredPayment, change: Partial<Payment>) => {
    const before = stored.payment.status;
    stored.payment = { ...stored.payment, ...change, updated_at: now() };
    const name = EVENT_FOR[stored.payment.status];
    if (name && stored.payment.status !== before) {
      const payment = stored.payment;
      const data =
        name === 'payment.cancelled'
          ? { payment, cancelled_by: payment.cancelled_by ?? 'merchant' }
          : name === 'payment.underpaid'
            ? { payment, amount_due: payment.amount_due }
            : { payment };
      events.push({
        owner: stored.owner,
        event: { id: `evt_${randomUUID()}`, event: name, created_at: now(), data } as WebhookEvent,
      });
    }
    return stored.payment;
  };

  /** Runs a POST once per Idempotency-Key: same key and body replay the stored response. */
  async function idempotent<R extends { status: number; body: unknown }>(
    request: FastifyRequest,
    // ts-rest rc.1 types the reply with fastify 4's generic order; only `header` is needed here.
    reply: { header(name: string, value: string): unknown },
    body: unknown,
    run: () => Promise<R> | R,
  ): Promise<R | ReturnType<typeof fail<409>>> {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== 'string') return run();
    const storeKey = `${account(request).apiKey}\n${key}`;
    const fingerprint = JSON.stringify([request.method, request.url, body ?? null]);
    const stored = idempotency.get(storeKey);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return fail(
          409,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used with another request',
          request,
        );
      }
      if (stored.result === 'in-progress') {
        return fail(
          409,
          'IDEMPOTENCY_REQUEST_IN_PROGRESS',
          'A request with this key is in progress',
          request,
        );
      }
      reply.header('idempotent-replayed', 'true');
      return stored.result as R;
    }
    const entry: StoredResponse = { fingerprint, result: 'in-progress' };
    idempotency.set(storeKey, entry);
    try {
      const result = await run();
      if (result.status < 500) entry.result = result;
      else idempotency.delete(storeKey);
      return result;
    } catch (error) {
      idempotency.delete(storeKey);
      throw error;
    }
  }

  /**
   * Creates and stores a payment of `owner`: what POST /payments does, and Pay on a link's page (with
   * `paymentLinkId`). Returns the payment, or the 422 error code that refuses it.
   */
  function createStoredPayment(
    owner: string,
    mode: Mode,
    body: CreatePaymentRequest,
    paymentLinkId: string | null,
  ): Payment | { readonly code: ErrorCode; readonly message: string } {
    if (body.restrict_to_accepted && !hasAcceptedSet(body)) {
      return {
        code: 'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
        message: 'restrict_to_accepted needs accepted_chains, accepted_coins or accepted_tokens',
      };
    }
    const createdAt = now();
    const acceptedChains: string[] = body.accepted_chains ?? [];
    const acceptedCoins = body.accepted_coins ?? [];
    const acceptedTokens = body.accepted_tokens ?? [];
    const all = OPTIONS[mode].map(([chain, coin]) => chainOption(chain, coin, body.fiat_amount, createdAt));
    const options = body.restrict_to_accepted
      ? all.filter(
          (o) =>
            acceptedTokens.includes(tokenOf(o)) ||
            acceptedChains.includes(o.chain_id) ||
            acceptedCoins.includes(o.coin_symbol),
        )
      : all;
    if (options.length === 0) {
      return { code: 'COIN_NOT_OFFERED', message: 'None of the accepted chains and coins is offered' };
    }
    const windowMinutes = Math.max(...options.map((o) => CHAINS[o.chain_id].paymentWindowMinutes));
    const id = randomUUID();
    const payment: Payment = {
      id,
      status: 'pending',
      mode,
      fiat_amount: body.fiat_amount,
      fiat_currency: body.fiat_currency,
      checkout_url: `${baseUrl}/pay/${id}`,
      expires_at: new Date(Date.parse(createdAt) + windowMinutes * 60_000).toISOString(),
      created_at: createdAt,
      updated_at: createdAt,
      chain_options: options,
      selected_chain_id: null,
      selected_coin_symbol: null,
      amount_received: '0',
      amount_due: '0',
      amount_received_after_close: '0',
      overpaid: false,
      revived: false,
      underpayment_tolerance_bps: 50,
      overpayment_threshold_bps: 100,
      order_id: body.order_id ?? null,
      description: body.description ?? null,
      customer_email: body.customer_email ?? null,
      success_url: body.success_url ?? null,
      cancel_url: body.cancel_url ?? null,
      accepted_chains: body.accepted_chains ?? [],
      accepted_coins: acceptedCoins,
      accepted_tokens: acceptedTokens,
      restrict_to_accepted: body.restrict_to_accepted ?? false,
      cancelled_by: null,
      failure_reason: null,
      confirmed_at: null,
      refund_address: null,
      transactions: [],
      refunds: [],
      metadata: body.metadata ?? {},
      payment_link_id: paymentLinkId,
      invoice_id: null,
    };
    payments.set(id, { owner, seq: seq++, payment });
    return payment;
  }

  /** Payments of the link that count against its `max_uses`: all but expired and cancelled ones. */
  const usesOf = (linkId: string) =>
    [...payments.values()].filter(
      (p) => p.payment.payment_link_id === linkId && !RELEASED.includes(p.payment.status),
    ).length;

  // Typed loosely where they are written (a fixture); checked by the contract at run time.
  const linksAndInvoices = createLinkAndInvoiceRoutes({
    baseUrl: () => baseUrl,
    account,
    fail,
    idempotent,
    recordEvent: (owner, event) => events.push({ owner, event }),
    now,
    usesOf,
  });

  const router = s.router(apiContract, {
    ...(linksAndInvoices.routes as unknown as Pick<
      RouterImplementation<typeof apiContract>,
      keyof typeof linksAndInvoices.routes
    >),
    createPayment: async ({ body, request, reply }) =>
      idempotent(request, reply, body, () => {
        const { mode, owner } = account(request);
        const created = createStoredPayment(owner, mode, body, null);
        return 'code' in created
          ? fail(422, created.code, created.message, request)
          : { status: 201 as const, body: { data: created } };
      }),

    retrievePayment: async ({ params, request }) => {
      const stored = find(request, params.id);
      return stored ? { status: 200 as const, body: { data: stored.payment } } : notFound(request);
    },

    listPayments: async ({ query, request }) => {
      const statuses = parseStatusFilter(query.status);
      const owner = account(request).owner;
      const matching = [...payments.values()]
        .filter((p) => p.owner === owner)
        .filter((p) => statuses === undefined || statuses.includes(p.payment.status))
        .filter((p) => query.order_id === undefined || p.payment.order_id === query.order_id)
        .filter(
          (p) => query.payment_link_id === undefined || p.payment.payment_link_id === query.payment_link_id,
        )
        .filter((p) => query.invoice_id === undefined || p.payment.invoice_id === query.invoice_id)
        .filter((p) => query.created_gte === undefined || p.payment.created_at >= query.created_gte)
        .filter((p) => query.created_lt === undefined || p.payment.created_at < query.created_lt)
        .sort((a, b) => b.seq - a.seq);
      let start = 0;
      if (query.starting_after !== undefined) {
        const index = matching.findIndex((p) => p.payment.id === query.starting_after);
        if (index === -1) {
          return {
            status: 422 as const,
            body: errorBody('VALIDATION_ERROR', 'Unknown cursor', request.id, [
              { field: 'starting_after', message: 'no such payment in this list' },
            ]),
          };
        }
        start = index + 1;
      }
      const limit = query.limit ?? LIST_LIMIT_DEFAULT;
      const page = matching.slice(start, start + limit).map((p) => p.payment);
      const hasMore = start + limit < matching.length;
      return {
        status: 200 as const,
        body: { data: page, has_more: hasMore, next_starting_after: hasMore ? page.at(-1)!.id : null },
      };
    },

    // A small stand-in for the gateway's export: the owner's payments, newest first, by status and
    // order_id, as CSV (a few columns, no quoting needed here) or JSON Lines.
    exportPayments: async ({ query, request, reply }) => {
      const statuses = parseStatusFilter(query.status);
      const owner = account(request).owner;
      const rows = [...payments.values()]
        .filter((p) => p.owner === owner)
        .filter((p) => statuses === undefined || statuses.includes(p.payment.status))
        .filter((p) => query.order_id === undefined || p.payment.order_id === query.order_id)
        .sort((a, b) => b.seq - a.seq)
        .map(({ payment }) => ({ id: payment.id, status: payment.status, fiat_amount: payment.fiat_amount }));
      reply.header('content-disposition', `attachment; filename="payments-test.${query.format ?? 'csv'}"`);
      const body =
        query.format === 'jsonl'
          ? rows.map((row) => `${JSON.stringify(row)}\n`).join('')
          : ['id,status,fiat_amount', ...rows.map((row) => `${row.id},${row.status},${row.fiat_amount}`)]
              .map((line) => `${line}\r\n`)
              .join('');
      return { status: 200 as const, body };
    },

    // Stand-ins for the other exports: a CSV of the query the SDK sent (name, value) and the key's
    // mode, or JSON Lines of the same, so a test sees what was asked and that the body streams.
    exportInvoices: async ({ query, request, reply }) => echoExport('invoices', query, request, reply),
    exportEvents: async ({ query, request, reply }) => echoExport('events', query, request, reply),
    exportCreditLedger: async ({ query, request, reply }) =>
      echoExport('credit-ledger', query, request, reply),

    cancelPayment: async ({ params, request }) => {
      const stored = find(request, params.id);
      if (!stored) return notFound(request);
      if (stored.payment.status === 'cancelled')
        return { status: 200 as const, body: { data: stored.payment } };
      if (!CANCELLABLE.includes(stored.payment.status)) {
        return fail(
          409,
          'PAYMENT_NOT_CANCELLABLE',
          `A payment in status ${stored.payment.status} cannot be cancelled`,
          request,
        );
      }
      return {
        status: 200 as const,
        body: { data: update(stored, { status: 'cancelled', cancelled_by: 'merchant' }) },
      };
    },

    acceptShortfall: async ({ params, request, reply }) =>
      idempotent(request, reply, undefined, () => {
        const stored = find(request, params.id);
        if (!stored) return notFound(request);
        if (stored.payment.status !== 'underpaid') {
          return fail(
            409,
            'INVALID_PAYMENT_STATE',
            `Only an underpaid payment can be accepted; this one is ${stored.payment.status}`,
            request,
          );
        }
        return {
          status: 200 as const,
          body: { data: update(stored, { status: 'confirmed', amount_due: '0', confirmed_at: now() }) },
        };
      }),

    expireTestPayment: async ({ params, request, reply }) =>
      idempotent(request, reply, undefined, () => {
        if (account(request).mode !== 'test') {
          return fail(403, 'TEST_MODE_ONLY', 'Test helpers work with a pk_test_ key only', request);
        }
        const stored = find(request, params.id);
        if (!stored) return notFound(request);
        if (!EXPIRABLE.includes(stored.payment.status)) {
          return fail(
            409,
            'INVALID_PAYMENT_STATE',
            `A payment in status ${stored.payment.status} cannot expire`,
            request,
          );
        }
        const status = stored.payment.status === 'underpaid' ? 'expired_underpaid' : 'expired';
        return { status: 200 as const, body: { data: update(stored, { status, expires_at: now() }) } };
      }),

    recordRefund: async ({ params, body, request, reply }) =>
      idempotent(request, reply, body, () => {
        const stored = find(request, params.id);
        if (!stored) return notFound(request);
        if (!REFUNDABLE.includes(stored.payment.status)) {
          return fail(
            409,
            'INVALID_PAYMENT_STATE',
            `A payment in status ${stored.payment.status} cannot be refunded`,
            request,
          );
        }
        const refund: Refund = {
          id: randomUUID(),
          payment_id: stored.payment.id,
          chain_id: body.chain_id,
          coin_symbol: body.coin_symbol,
          tx_id: body.tx_id,
          amount: body.amount,
          created_at: now(),
        };
        update(stored, { status: 'refunded', refunds: [...stored.payment.refunds, refund] });
        return { status: 201 as const, body: { data: refund } };
      }),

    listEvents: async ({ query, request }) => {
      const types = parseEventTypeFilter(query.type);
      const owner = account(request).owner;
      const matching = events
        .filter((e) => e.owner === owner)
        .map((e) => e.event)
        .filter((e) => types === undefined || types.includes(e.event))
        .filter(
          (e) =>
            query.payment_id === undefined || ('payment' in e.data && e.data.payment.id === query.payment_id),
        )
        .filter(
          (e) =>
            query.invoice_id === undefined ||
            ('invoice' in e.data && e.data.invoice.id === query.invoice_id) ||
            ('payment' in e.data && e.data.payment.invoice_id === query.invoice_id),
        )
        .filter((e) => query.created_gte === undefined || e.created_at >= query.created_gte)
        .filter((e) => query.created_lt === undefined || e.created_at < query.created_lt)
        .reverse();
      let start = 0;
      if (query.starting_after !== undefined) {
        const index = matching.findIndex((e) => e.id === query.starting_after);
        if (index === -1) {
          return {
            status: 422 as const,
            body: errorBody('VALIDATION_ERROR', 'Unknown cursor', request.id, [
              { field: 'starting_after', message: 'no such event in this list' },
            ]),
          };
        }
        start = index + 1;
      }
      const limit = query.limit ?? LIST_LIMIT_DEFAULT;
      const page = matching.slice(start, start + limit);
      const hasMore = start + limit < matching.length;
      return {
        status: 200 as const,
        body: {
          data: page,
          has_more: hasMore,
          next_starting_after: hasMore ? (page.at(-1)?.id ?? null) : null,
        },
      };
    },
    // Follow: the cursor is `fc_0_<n>`, n the count of events (all owners) already looked at; waits
    // in 20 ms steps (a fixture, not the gateway's LISTEN/NOTIFY) for up to `wait` seconds.
    followEvents: async ({ query, request }) => {
      const types = parseEventTypeFilter(query.type);
      const owner = account(request).owner;
      let from = events.length;
      if (query.after?.startsWith('fc_')) from = Number(query.after.split('_')[2]);
      else if (query.after !== undefined) {
        const index = events.findIndex((e) => e.owner === owner && e.event.id === query.after);
        if (index === -1) {
          return {
            status: 422 as const,
            body: errorBody('VALIDATION_ERROR', 'Unknown cursor', request.id, [
              { field: 'after', message: 'no such event of this key' },
            ]),
          };
        }
        from = index + 1;
      }
      const deadline = Date.now() + (query.wait ?? 25) * 1000;
      for (;;) {
        const to = events.length;
        const found = events
          .slice(from, to)
          .filter((e) => e.owner === owner && (types === undefined || types.includes(e.event.event)))
          .map((e) => e.event);
        if (found.length > 0 || Date.now() >= deadline) {
          return { status: 200 as const, body: { data: found, cursor: `fc_0_${to}` } };
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    retrieveEvent: async ({ params, request }) => {
      const owner = account(request).owner;
      const found = events.find((e) => e.owner === owner && e.event.id === params.id);
      if (!found) return { status: 404 as const, body: errorBody('NOT_FOUND', 'No such event', request.id) };
      return { status: 200 as const, body: { data: found.event } };
    },
    retrieveCheckout: async ({ params, request }) => {
      const stored = find(request, params.id);
      return stored
        ? { status: 200 as const, body: { data: checkoutOf(stored.payment) } }
        : notFound(request);
    },

    selectChain: async ({ params, body, request, reply }) =>
      idempotent(request, reply, body, () => {
        const stored = find(request, params.id);
        if (!stored) return notFound(request);
        const wanted = 'token' in body ? parseToken(body.token)! : body;
        const payment = stored.payment;
        if (payment.restrict_to_accepted && !isAccepted(payment, wanted)) {
          return fail(
            422,
            'COIN_NOT_IN_ACCEPTED_SET',
            `${tokenOf(wanted)} is not in the accepted set`,
            request,
          );
        }
        const option = payment.chain_options.find(
          (o) => o.chain_id === wanted.chain_id && o.coin_symbol === wanted.coin_symbol,
        );
        if (!option) return fail(422, 'COIN_NOT_OFFERED', `${tokenOf(wanted)} is not offered`, request);
        if (payment.selected_chain_id !== null) {
          if (
            payment.selected_chain_id === option.chain_id &&
            payment.selected_coin_symbol === option.coin_symbol
          ) {
            return { status: 200 as const, body: { data: checkoutOf(payment) } };
          }
          return fail(
            409,
            'CHAIN_ALREADY_SELECTED',
            `${payment.selected_chain_id}:${payment.selected_coin_symbol} was already selected`,
            request,
          );
        }
        if (payment.status !== 'pending') {
          return fail(
            409,
            'INVALID_PAYMENT_STATE',
            `Cannot select a chain in status ${payment.status}`,
            request,
          );
        }
        const target = depositTarget(payment.id, option);
        const updated = update(stored, {
          status: 'awaiting_payment',
          selected_chain_id: option.chain_id,
          selected_coin_symbol: option.coin_symbol,
          amount_due: option.crypto_amount,
          chain_options: payment.chain_options.map((o) => (o === option ? { ...o, ...target } : o)),
        });
        return { status: 200 as const, body: { data: checkoutOf(updated) } };
      }),
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const key = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      const found = key === undefined ? undefined : accounts.get(key);
      if (!found) {
        reply.code(401).send(errorBody('UNAUTHORIZED', 'Missing or invalid API key.', request.id));
        return reply;
      }
      requestAccounts.set(request, found);
    });
    s.registerRouter(apiContract, router, scope, {
      logInitialization: false,
      jsonQuery: false,
      responseValidation: true,
      requestValidationErrorHandler: (error: RequestValidationError, request, reply) => {
        if (error.pathParams) {
          return reply.code(404).send(errorBody('NOT_FOUND', 'No such payment', request.id));
        }
        const fields = [...fieldsOf(error.headers), ...fieldsOf(error.query), ...fieldsOf(error.body)];
        return reply
          .code(422)
          .send(errorBody('VALIDATION_ERROR', 'The request failed validation', request.id, fields));
      },
    });
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('fixture: no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    baseUrl,
    keys,
    requests,
    injectFaults: (...items) => {
      queue.push(...items);
    },
    pendingFaults: () => queue.length,
    setStatus: (paymentId, status) => {
      const stored = payments.get(paymentId);
      if (!stored) throw new Error(`fixture: no payment ${paymentId}`);
      update(stored, { status });
    },
    payLink: (linkId) => {
      const stored = linksAndInvoices.link(linkId);
      if (!stored) throw new Error(`fixture: no payment link ${linkId}`);
      const link = stored.value;
      if (!link.active) throw new Error(`fixture: payment link ${linkId} is deactivated`);
      if (link.max_uses !== null && usesOf(linkId) >= link.max_uses) {
        throw new Error(`fixture: payment link ${linkId} is sold out`);
      }
      const created = createStoredPayment(
        stored.owner,
        link.mode,
        {
          fiat_amount: link.fiat_amount,
          fiat_currency: link.fiat_currency,
          ...(link.description === null ? {} : { description: link.description }),
          accepted_chains: link.accepted_chains,
          accepted_coins: link.accepted_coins,
          accepted_tokens: link.accepted_tokens,
          restrict_to_accepted: link.restrict_to_accepted,
          ...(link.success_url === null ? {} : { success_url: link.success_url }),
          ...(link.cancel_url === null ? {} : { cancel_url: link.cancel_url }),
          metadata: link.metadata,
        },
        link.id,
      );
      if ('code' in created) throw new Error(`fixture: payment link ${linkId}: ${created.code}`);
      return created.id;
    },
    close: async () => {
      for (const release of [...pendingDelays]) release();
      queue.length = 0;
      await app.close();
    },
  };
}
