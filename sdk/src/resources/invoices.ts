import type {
  CreateInvoiceRequest,
  ExportFormat,
  Invoice,
  InvoiceList,
  InvoiceStatus,
} from '@cairn/contract';
import type { OpenStream } from '../openStream.js';
import { PagePromise } from '../paginate.js';
import type { RequestOptions } from '../request.js';
import type { SendRequest } from './payments.js';

/** Body of `cairn.invoices.create`: recipient, currency, line items, due date and options. */
export type CreateInvoiceParams = CreateInvoiceRequest;

/** Filters and cursor of `cairn.invoices.list`. */
export interface ListInvoicesParams {
  /** Page size, 1 to 100 (default 20). */
  readonly limit?: number | undefined;
  /** Cursor: the id of the last invoice of the previous page. Iteration sets it for you. */
  readonly starting_after?: string | undefined;
  /** One status or several (sent comma-separated). */
  readonly status?: InvoiceStatus | readonly InvoiceStatus[] | undefined;
  /** Only overdue (`true`) or only not overdue (`false`) invoices. */
  readonly overdue?: boolean | undefined;
  /** Only invoices to this address (any case). */
  readonly recipient_email?: string | undefined;
  /** Only the invoice with this number. */
  readonly number?: string | undefined;
  /** Only invoices created at or after this time (a `Date` or an RFC 3339 UTC timestamp). */
  readonly created_gte?: Date | string | undefined;
  /** Only invoices created before this time. */
  readonly created_lt?: Date | string | undefined;
}

/** Format and filters of `cairn.invoices.export` (the list's filters, without its page size or cursor). */
export interface ExportInvoicesParams extends Omit<ListInvoicesParams, 'limit' | 'starting_after'> {
  /** `csv` (RFC 4180, UTF-8, a header row; the default) or `jsonl` (JSON Lines, one object per invoice). */
  readonly format?: ExportFormat | undefined;
}

/** `cairn.invoices`: create, send, remind, void and read invoices. */
export interface InvoicesResource {
  /**
   * Creates a `draft` invoice: each line's amount and the total are computed by the gateway, exactly.
   * A number already used in this business and mode gives `ConflictError` `INVOICE_NUMBER_TAKEN`.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const invoice = await cairn.invoices.create({
   *   recipient_email: 'ada@example.com',
   *   fiat_currency: 'EUR',
   *   line_items: [{ description: 'Design work', quantity: '12', unit_price: '80.00' }],
   *   due_date: '2026-12-31',
   *   reminder_days: [-3, 0, 7],
   * });
   * console.log(invoice.number, invoice.total); // INV-000001 960.00
   * ```
   */
  create(params: CreateInvoiceParams, options?: RequestOptions): Promise<Invoice>;

  /**
   * Retrieves an invoice of the key's business and mode.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const invoice = await cairn.invoices.retrieve('7d2e4c1a-9b3f-4e8d-a6c5-1f0e9d8c7b6a');
   * if (invoice.status === 'paid') console.log('Paid with', invoice.payment_id);
   * ```
   */
  retrieve(id: string, options?: RequestOptions): Promise<Invoice>;

  /**
   * Lists invoices newest first. Await it for one page, or iterate it with `for await` for all.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * for await (const invoice of cairn.invoices.list({ overdue: true })) {
   *   console.log(invoice.number, invoice.recipient_email, invoice.due_date);
   * }
   * ```
   */
  list(params?: ListInvoicesParams, options?: RequestOptions): PagePromise<Invoice>;

  /**
   * Exports every invoice of the key's mode that the filters select (the list's filters, newest
   * first) as one file, streamed: `format: 'csv'` (the default; RFC 4180, UTF-8, a header row) or
   * `format: 'jsonl'` (JSON Lines, one object per invoice). Resolves with the body as a web
   * `ReadableStream` of bytes once the gateway has answered. The columns are documented in
   * docs/api.md (Exports): `total` is an exact decimal string in `fiat_currency`. `timeoutMs` covers
   * the wait for the answer, not the download; `signal` aborts either.
   *
   * @example
   * ```ts
   * import { createWriteStream } from 'node:fs';
   * import { Readable } from 'node:stream';
   * import { pipeline } from 'node:stream/promises';
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const csv = await cairn.invoices.export({ status: ['open'], overdue: true });
   * await pipeline(Readable.fromWeb(csv), createWriteStream('overdue-invoices.csv'));
   * ```
   */
  export(params?: ExportInvoicesParams, options?: RequestOptions): Promise<ReadableStream<Uint8Array>>;

  /**
   * Emails the recipient a link to the invoice page and sends `invoice.sent`; a draft becomes `open`
   * and its reminder schedule starts. Paid, refunded or void invoices give `ConflictError`
   * `INVALID_INVOICE_STATE`.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const invoice = await cairn.invoices.send('7d2e4c1a-9b3f-4e8d-a6c5-1f0e9d8c7b6a');
   * console.log(invoice.status, invoice.hosted_url);
   * ```
   */
  send(id: string, options?: RequestOptions): Promise<Invoice>;

  /**
   * Emails the recipient a reminder now and sends `invoice.reminder` (open invoices only).
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const invoice = await cairn.invoices.remind('7d2e4c1a-9b3f-4e8d-a6c5-1f0e9d8c7b6a');
   * console.log(invoice.reminders_sent);
   * ```
   */
  remind(id: string, options?: RequestOptions): Promise<Invoice>;

  /**
   * Voids a draft or open invoice (and cancels its unpaid payment). Refused with `ConflictError`
   * `INVALID_INVOICE_STATE` once its payment has received funds.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const invoice = await cairn.invoices.void('7d2e4c1a-9b3f-4e8d-a6c5-1f0e9d8c7b6a');
   * console.log(invoice.status); // void
   * ```
   */
  void(id: string, options?: RequestOptions): Promise<Invoice>;
}

function listQuery(params: ListInvoicesParams): Record<string, string | undefined> {
  const time = (value: Date | string | undefined) => (value instanceof Date ? value.toISOString() : value);
  return {
    limit: params.limit === undefined ? undefined : String(params.limit),
    starting_after: params.starting_after,
    status: typeof params.status === 'string' ? params.status : params.status?.join(','),
    overdue: params.overdue === undefined ? undefined : String(params.overdue),
    recipient_email: params.recipient_email,
    number: params.number,
    created_gte: time(params.created_gte),
    created_lt: time(params.created_lt),
  };
}

/** Builds `cairn.invoices` on top of a request function (and, for the export, a stream opener). */
export function createInvoicesResource(send: SendRequest, open: OpenStream): InvoicesResource {
  const unwrap = async (body: Promise<unknown>) => ((await body) as { data: Invoice }).data;
  return {
    create: (params, options) => unwrap(send('createInvoice', { body: params }, options)),
    retrieve: (id, options) => unwrap(send('retrieveInvoice', { pathParams: { id } }, options)),
    list: (params = {}, options) =>
      new PagePromise<Invoice>(
        async (startingAfter) =>
          (await send(
            'listInvoices',
            { query: listQuery({ ...params, starting_after: startingAfter }) },
            options,
          )) as InvoiceList,
        params.starting_after,
      ),
    export: (params = {}, options) => {
      const { limit: _limit, starting_after: _cursor, ...filters } = listQuery(params);
      return open('exportInvoices', { query: { ...filters, format: params.format } }, options);
    },
    send: (id, options) => unwrap(send('sendInvoice', { pathParams: { id } }, options)),
    remind: (id, options) => unwrap(send('remindInvoice', { pathParams: { id } }, options)),
    void: (id, options) => unwrap(send('voidInvoice', { pathParams: { id } }, options)),
  };
}
