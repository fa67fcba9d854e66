/** One page of a list, newest first. */
export interface Page<TItem> {
  data: TItem[];
  /** Whether more items follow this page. */
  has_more: boolean;
  /** Cursor for the next page (pass as `starting_after`), or `null` on the last page. */
  next_starting_after: string | null;
}

/**
 * The result of a list call: await it for one page, or iterate it with `for await` to walk every item
 * across pages (the next page is fetched with `starting_after` only when the loop needs it).
 *
 * The first page is requested lazily, on the first `await` or iteration, and shared by both.
 *
 * @example
 * ```ts
 * import { Cairn } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 *
 * // One page:
 * const page = await cairn.payments.list({ limit: 10 });
 * console.log(page.data.length, page.has_more);
 *
 * // Every confirmed payment, across pages:
 * for await (const payment of cairn.payments.list({ status: 'confirmed' })) {
 *   console.log(payment.id, payment.fiat_amount);
 * }
 * ```
 */
export class PagePromise<TItem extends { readonly id: string }>
  implements PromiseLike<Page<TItem>>, AsyncIterable<TItem>
{
  readonly #fetchPage: (startingAfter: string | undefined) => Promise<Page<TItem>>;
  readonly #startingAfter: string | undefined;
  #firstPage: Promise<Page<TItem>> | undefined;

  /**
   * @param fetchPage - fetches the page after the cursor (`undefined` for the first page).
   * @param startingAfter - cursor of the first page, if the caller gave one.
   *
   * @example
   * ```ts
   * import { PagePromise } from '@cairn/sdk';
   *
   * const pages = [
   *   { data: [{ id: 'a' }], has_more: true, next_starting_after: 'a' },
   *   { data: [{ id: 'b' }], has_more: false, next_starting_after: null },
   * ];
   * const list = new PagePromise(async (cursor) => (cursor === 'a' ? pages[1]! : pages[0]!));
   * for await (const item of list) console.log(item.id); // a, b
   * ```
   */
  constructor(
    fetchPage: (startingAfter: string | undefined) => Promise<Page<TItem>>,
    startingAfter?: string,
  ) {
    this.#fetchPage = fetchPage;
    this.#startingAfter = startingAfter;
  }

  #first(): Promise<Page<TItem>> {
    this.#firstPage ??= this.#fetchPage(this.#startingAfter);
    return this.#firstPage;
  }

  /**
   * Resolves with the first page.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const { data, has_more, next_starting_after } = await cairn.payments.list({ limit: 5 });
   * console.log(data.length, has_more, next_starting_after);
   * ```
   */
  // biome-ignore lint/suspicious/noThenProperty: a list result is deliberately awaitable (PromiseLike).
  then<TResult1 = Page<TItem>, TResult2 = never>(
    onfulfilled?: ((page: Page<TItem>) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): Promise<TResult1 | TResult2> {
    return this.#first().then(onfulfilled, onrejected);
  }

  /**
   * Iterates every item of every page, in order, fetching pages as needed.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * for await (const payment of cairn.payments.list({ order_id: 'order-1042' })) {
   *   console.log(payment.id, payment.status);
   * }
   * ```
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<TItem, void, undefined> {
    let page = await this.#first();
    for (;;) {
      yield* page.data;
      const cursor = page.next_starting_after ?? page.data.at(-1)?.id;
      if (!page.has_more || cursor === undefined) return;
      page = await this.#fetchPage(cursor);
    }
  }
}
