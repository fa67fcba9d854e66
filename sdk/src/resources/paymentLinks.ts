import type { CreatePaymentLinkRequest, PaymentLink, PaymentLinkList } from '@cairn/contract';
import { PagePromise } from '../paginate.js';
import type { RequestOptions } from '../request.js';
import type { SendRequest } from './payments.js';

/** Body of `cairn.paymentLinks.create`: the amount, currency, accepted set, URLs, limit and metadata. */
export type CreatePaymentLinkParams = CreatePaymentLinkRequest;

/** Filters and cursor of `cairn.paymentLinks.list`. */
export interface ListPaymentLinksParams {
  /** Page size, 1 to 100 (default 20). */
  readonly limit?: number | undefined;
  /** Cursor: the id of the last link of the previous page. Iteration sets it for you. */
  readonly starting_after?: string | undefined;
  /** Only active (`true`) or only deactivated (`false`) links. */
  readonly active?: boolean | undefined;
}

/** `cairn.paymentLinks`: reusable pages for a fixed amount, each press of Pay a payment of its own. */
export interface PaymentLinksResource {
  /**
   * Creates a payment link. Share its `url`: the page shows the amount and a Pay button, and every
   * press creates a payment of this key (with `payment_link_id` set and the link's metadata) and opens
   * its checkout. Sends an `Idempotency-Key` automatically.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const link = await cairn.paymentLinks.create({
   *   fiat_amount: '25.00',
   *   fiat_currency: 'EUR',
   *   description: 'Workshop ticket',
   *   max_uses: 40,
   * });
   * console.log(link.url);
   * ```
   */
  create(params: CreatePaymentLinkParams, options?: RequestOptions): Promise<PaymentLink>;

  /**
   * Retrieves a link of the key's business and mode, with its current `uses`.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const link = await cairn.paymentLinks.retrieve('0f3c9a7e-2b1d-4e8f-9a6c-5d4b3a2f1e0d');
   * console.log(link.active, link.uses, link.max_uses);
   * ```
   */
  retrieve(id: string, options?: RequestOptions): Promise<PaymentLink>;

  /**
   * Lists links newest first. Await it for one page, or iterate it with `for await` for all.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * for await (const link of cairn.paymentLinks.list({ active: true })) {
   *   console.log(link.url, link.uses);
   * }
   * ```
   */
  list(params?: ListPaymentLinksParams, options?: RequestOptions): PagePromise<PaymentLink>;

  /**
   * Deactivates a link: its page stops creating payments (those it created are unaffected).
   * Deactivating an inactive link returns it unchanged.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const link = await cairn.paymentLinks.deactivate('0f3c9a7e-2b1d-4e8f-9a6c-5d4b3a2f1e0d');
   * console.log(link.active); // false
   * ```
   */
  deactivate(id: string, options?: RequestOptions): Promise<PaymentLink>;
}

/** Builds `cairn.paymentLinks` on top of a request function. */
export function createPaymentLinksResource(send: SendRequest): PaymentLinksResource {
  const unwrap = async (body: Promise<unknown>) => ((await body) as { data: PaymentLink }).data;
  return {
    create: (params, options) => unwrap(send('createPaymentLink', { body: params }, options)),
    retrieve: (id, options) => unwrap(send('retrievePaymentLink', { pathParams: { id } }, options)),
    list: (params = {}, options) =>
      new PagePromise<PaymentLink>(
        async (startingAfter) =>
          (await send(
            'listPaymentLinks',
            {
              query: {
                limit: params.limit === undefined ? undefined : String(params.limit),
                starting_after: startingAfter,
                active: params.active === undefined ? undefined : String(params.active),
              },
            },
            options,
          )) as PaymentLinkList,
        params.starting_after,
      ),
    deactivate: (id, options) => unwrap(send('deactivatePaymentLink', { pathParams: { id } }, options)),
  };
}
