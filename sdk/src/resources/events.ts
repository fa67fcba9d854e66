import type { EventList, ExportFormat, WebhookEvent, WebhookEventName } from '@cairn/contract';
import type { OpenStream } from '../openStream.js';
import { PagePromise } from '../paginate.js';
import type { RequestOptions } from '../request.js';
import { type FollowEventsParams, followEvents } from './followEvents.js';
import type { SendRequest } from './payments.js';

/** Filters and cursor of `cairn.events.list`. */
export interface ListEventsParams {
  /** Page size, 1 to 100 (default 20). */
  readonly limit?: number | undefined;
  /** Cursor: the id (`evt_...`) of the last event of the previous page. Iteration sets it for you. */
  readonly starting_after?: string | undefined;
  /** One event type or several (sent comma-separated). */
  readonly type?: WebhookEventName | readonly WebhookEventName[] | undefined;
  /** Only the events of this payment. */
  readonly payment_id?: string | undefined;
  /** Only the events of this invoice (its own and its payments'). */
  readonly invoice_id?: string | undefined;
  /** Only events created at or after this time (a `Date` or an RFC 3339 UTC timestamp). */
  readonly created_gte?: Date | string | undefined;
  /** Only events created before this time. */
  readonly created_lt?: Date | string | undefined;
}

/** Format and filters of `cairn.events.export` (the list's filters, without its page size or cursor). */
export interface ExportEventsParams extends Omit<ListEventsParams, 'limit' | 'starting_after'> {
  /** `csv` (RFC 4180, UTF-8, a header row; the default) or `jsonl` (JSON Lines, one object per event). */
  readonly format?: ExportFormat | undefined;
}

/** `cairn.events`: every event of the key's mode, as its webhook body, to reconcile missed deliveries. */
export interface EventsResource {
  /**
   * Lists events newest first, each exactly the body its webhook deliveries carry (same `evt_` id),
   * including events written while no endpoint was set. Await the result for one page, or iterate it
   * with `for await` to walk every matching event across pages.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const handled = new Set<string>(); // the evt_ ids your webhook handler already processed
   * for await (const event of cairn.events.list({ type: 'payment.confirmed', created_gte: '2026-11-01T00:00:00Z' })) {
   *   if (handled.has(event.id)) continue;
   *   handled.add(event.id);
   *   console.log('missed', event.event, event.created_at);
   * }
   * ```
   */
  list(params?: ListEventsParams, options?: RequestOptions): PagePromise<WebhookEvent>;

  /**
   * Retrieves one event (`evt_...`) of the key's mode, as its webhook body; another id gives
   * `NotFoundError`.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const event = await cairn.events.retrieve('evt_8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d');
   * if (event.event === 'payment.confirmed') console.log(event.data.payment.id);
   * ```
   */
  retrieve(id: string, options?: RequestOptions): Promise<WebhookEvent>;

  /**
   * Follows the key's events as they commit: an async iterator yielding each event once, oldest
   * first, within about a second of its commit (long-polling `GET /events/follow`). After a dropped
   * connection it retries with backoff and resumes from the last event yielded, missing none and
   * repeating none. Without `after` it starts now. Stops when `signal` aborts (or you `break`).
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const stop = new AbortController();
   * process.once('SIGINT', () => stop.abort());
   * for await (const event of cairn.events.follow({ types: ['payment.confirmed'], signal: stop.signal })) {
   *   console.log(event.id, event.event); // save event.id: pass it as `after` to resume later
   * }
   * ```
   */
  follow(params?: FollowEventsParams): AsyncGenerator<WebhookEvent>;

  /**
   * Exports every event of the key's mode that the filters select (the list's filters: type, payment,
   * invoice, creation range; newest first) as one file, streamed: `format: 'csv'` (the default) or
   * `format: 'jsonl'`. The columns: id, event, created_at, mode, payment_id, invoice_id, data (the
   * webhook body's `data` as JSON text). Resolves with a web `ReadableStream` of bytes.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const file = await cairn.events.export({ type: 'payment.confirmed', format: 'jsonl' });
   * const text = await new Response(file).text();
   * ```
   */
  export(params?: ExportEventsParams, options?: RequestOptions): Promise<ReadableStream<Uint8Array>>;
}

function listQuery(params: ListEventsParams): Record<string, string | undefined> {
  const time = (value: Date | string | undefined) => (value instanceof Date ? value.toISOString() : value);
  return {
    limit: params.limit === undefined ? undefined : String(params.limit),
    starting_after: params.starting_after,
    type: typeof params.type === 'string' ? params.type : params.type?.join(','),
    payment_id: params.payment_id,
    invoice_id: params.invoice_id,
    created_gte: time(params.created_gte),
    created_lt: time(params.created_lt),
  };
}

/** Builds `cairn.events` on top of a request function (and, for the export, a stream opener). */
export function createEventsResource(send: SendRequest, open: OpenStream): EventsResource {
  return {
    export: (params = {}, options) => {
      const { limit: _limit, starting_after: _cursor, ...filters } = listQuery(params);
      return open('exportEvents', { query: { ...filters, format: params.format } }, options);
    },
    list: (params = {}, options) =>
      new PagePromise<WebhookEvent>(
        async (startingAfter) =>
          (await send(
            'listEvents',
            { query: listQuery({ ...params, starting_after: startingAfter }) },
            options,
          )) as EventList,
        params.starting_after,
      ),
    follow: (params = {}) => followEvents(send, params),
    retrieve: async (id, options) =>
      ((await send('retrieveEvent', { pathParams: { id } }, options)) as { data: WebhookEvent }).data,
  };
}
