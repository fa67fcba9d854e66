import type { Payment, PaymentList, Refund } from '@cairn/contract';
import type {
  CreatePaymentParams,
  ExportPaymentsParams,
  ListPaymentsParams,
  RecordRefundParams,
} from '../apiTypes.js';
import type { OpenStream } from '../openStream.js';
import { PagePromise } from '../paginate.js';
import type { RequestInput, RequestOptions, RouteName } from '../request.js';

/** Sends one request of the contract and resolves with its validated body. */
export type SendRequest = (
  route: RouteName,
  input: RequestInput,
  options?: RequestOptions,
) => Promise<unknown>;

/** `cairn.payments`: create, read, list, cancel payments and settle underpaid ones. */
export interface PaymentsResource {
  /**
   * Creates a payment in a fiat amount. It starts `pending`, with a hosted `checkout_url` to hand to the
   * customer and one chain option per chain and coin the key accepts (only the accepted set when
   * `restrict_to_accepted` is true); addresses stay empty until the customer picks a chain. Sends an
   * `Idempotency-Key` automatically (pass `idempotencyKey` to choose it).
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const payment = await cairn.payments.create({
   *   fiat_amount: '25.00',
   *   fiat_currency: 'EUR',
   *   accepted_tokens: ['ETH_SEPOLIA:USDC'],
   *   order_id: 'order-1042',
   *   success_url: 'https://shop.example/thanks',
   * });
   * console.log(payment.checkout_url);
   * ```
   */
  create(params: CreatePaymentParams, options?: RequestOptions): Promise<Payment>;

  /**
   * Retrieves a payment of the key's mode (another mode's payment gives `NotFoundError`).
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const payment = await cairn.payments.retrieve('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
   * if (payment.status === 'confirmed') console.log('Release the goods');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): Promise<Payment>;

  /**
   * Lists payments of the key's mode, newest first. Await the result for one page, or iterate it
   * with `for await` to walk every matching payment across pages.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const page = await cairn.payments.list({ limit: 20 });
   * console.log(page.data.length, page.has_more);
   * for await (const payment of cairn.payments.list({ status: ['confirmed', 'underpaid'] })) {
   *   console.log(payment.id, payment.status);
   * }
   * ```
   */
  list(params?: ListPaymentsParams, options?: RequestOptions): PagePromise<Payment>;

  /**
   * Exports every payment of the key's mode that the filters select (the list's filters, newest first)
   * as one file, streamed: `format: 'csv'` (the default; RFC 4180, UTF-8, a header row) or
   * `format: 'jsonl'` (JSON Lines, one object per payment). Resolves with the body as a web
   * `ReadableStream` of bytes once the gateway has answered; the download runs as you read it, so a
   * million payments never sit in memory. The columns are documented in docs/api.md (Exports):
   * amounts are exact decimal strings, crypto ones in whole coins of `coin`. `timeoutMs` covers the
   * wait for the answer, not the download; `signal` aborts either.
   *
   * @example
   * ```ts
   * import { createWriteStream } from 'node:fs';
   * import { Readable } from 'node:stream';
   * import { pipeline } from 'node:stream/promises';
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const csv = await cairn.payments.export({ format: 'csv', status: ['confirmed'] });
   * await pipeline(Readable.fromWeb(csv), createWriteStream('payments.csv'));
   *
   * // JSON Lines, one payment at a time:
   * const jsonl = await cairn.payments.export({ format: 'jsonl', created_gte: '2026-11-01T00:00:00Z' });
   * let rest = '';
   * for await (const text of jsonl.pipeThrough(new TextDecoderStream())) {
   *   const lines = (rest + text).split('\n');
   *   rest = lines.pop()!;
   *   for (const line of lines) console.log(JSON.parse(line).id);
   * }
   * ```
   */
  export(params?: ExportPaymentsParams, options?: RequestOptions): Promise<ReadableStream<Uint8Array>>;

  /**
   * Cancels a payment that has no detected on-chain transaction (`pending` or `awaiting_payment`).
   * Later statuses give `ConflictError` with code `PAYMENT_NOT_CANCELLABLE` (not retried).
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const payment = await cairn.payments.cancel('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
   * console.log(payment.status, payment.cancelled_by); // cancelled merchant
   * ```
   */
  cancel(id: string, options?: RequestOptions): Promise<Payment>;

  /**
   * Accepts the shortfall of an `underpaid` payment: it becomes `confirmed`. Other statuses give
   * `ConflictError` with code `INVALID_PAYMENT_STATE` (not retried).
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const payment = await cairn.payments.acceptShortfall('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
   * console.log(payment.status); // confirmed
   * ```
   */
  acceptShortfall(id: string, options?: RequestOptions): Promise<Payment>;

  /**
   * Records a refund you already sent on-chain for a payment in `refund_requested`, `underpaid` or
   * `expired_underpaid`; the payment becomes `refunded`. On a closed payment that received funds after
   * its close (`amount_received_after_close`, the `payment.received_after_close` event), it records a
   * refund of those funds, up to what is left of them, and the status stays.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const refund = await cairn.payments.recordRefund('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a', {
   *   chain_id: 'BTC_TESTNET',
   *   coin_symbol: 'BTC',
   *   tx_id: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16',
   *   amount: '120000',
   * });
   * console.log(refund.id);
   * ```
   */
  recordRefund(id: string, params: RecordRefundParams, options?: RequestOptions): Promise<Refund>;
}

function listQuery(params: ListPaymentsParams): Record<string, string | undefined> {
  const time = (value: Date | string | undefined) => (value instanceof Date ? value.toISOString() : value);
  return {
    limit: params.limit === undefined ? undefined : String(params.limit),
    starting_after: params.starting_after,
    status: typeof params.status === 'string' ? params.status : params.status?.join(','),
    order_id: params.order_id,
    payment_link_id: params.payment_link_id,
    invoice_id: params.invoice_id,
    created_gte: time(params.created_gte),
    created_lt: time(params.created_lt),
  };
}

/** Builds `cairn.payments` on top of a request function (and, for the export, a stream opener). */
export function createPaymentsResource(send: SendRequest, open: OpenStream): PaymentsResource {
  const unwrap = async (body: Promise<unknown>) => ((await body) as { data: Payment }).data;
  return {
    create: (params, options) => unwrap(send('createPayment', { body: params }, options)),
    retrieve: (id, options) => unwrap(send('retrievePayment', { pathParams: { id } }, options)),
    list: (params = {}, options) =>
      new PagePromise<Payment>(
        async (startingAfter) =>
          (await send(
            'listPayments',
            { query: listQuery({ ...params, starting_after: startingAfter }) },
            options,
          )) as PaymentList,
        params.starting_after,
      ),
    export: (params = {}, options) => {
      const { limit: _limit, starting_after: _cursor, ...filters } = listQuery(params);
      return open('exportPayments', { query: { ...filters, format: params.format } }, options);
    },
    cancel: (id, options) => unwrap(send('cancelPayment', { pathParams: { id } }, options)),
    acceptShortfall: (id, options) => unwrap(send('acceptShortfall', { pathParams: { id } }, options)),
    recordRefund: async (id, params, options) =>
      ((await send('recordRefund', { pathParams: { id }, body: params }, options)) as { data: Refund }).data,
  };
}
