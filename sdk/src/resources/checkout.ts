import type { Checkout } from '@cairn/contract';
import type { SelectChainParams } from '../apiTypes.js';
import type { RequestOptions, SendRequest } from '../request.js';

/** `cairn.checkout`: what the hosted checkout shows, and the customer's chain selection. */
export interface CheckoutResource {
  /**
   * Reads the checkout of a payment; after a chain is selected, `selected` carries the deposit
   * address, memo and payment URI.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const checkout = await cairn.checkout.retrieve('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
   * console.log(checkout.status, checkout.selected?.address ?? 'no chain selected yet');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): Promise<Checkout>;

  /**
   * Selects the chain and coin, as the customer does on the checkout: the payment moves from
   * `pending` to `awaiting_payment` and gets its deposit address. Selecting the same option again
   * returns the same address; a different option gives `ConflictError` `CHAIN_ALREADY_SELECTED`; a
   * coin outside a restricted payment's accepted set gives `ValidationError`
   * `COIN_NOT_IN_ACCEPTED_SET`.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const id = '5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a';
   * const checkout = await cairn.checkout.selectChain(id, { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC' });
   * // or: await cairn.checkout.selectChain(id, { token: 'BTC_TESTNET:BTC' });
   * console.log(checkout.selected?.address, checkout.selected?.payment_uri);
   * ```
   */
  selectChain(id: string, params: SelectChainParams, options?: RequestOptions): Promise<Checkout>;
}

/** Builds `cairn.checkout` on top of a request function. */
export function createCheckoutResource(send: SendRequest): CheckoutResource {
  const unwrap = async (body: Promise<unknown>) => ((await body) as { data: Checkout }).data;
  return {
    retrieve: (id, options) => unwrap(send('retrieveCheckout', { pathParams: { id } }, options)),
    selectChain: (id, params, options) =>
      unwrap(send('selectChain', { pathParams: { id }, body: params }, options)),
  };
}
