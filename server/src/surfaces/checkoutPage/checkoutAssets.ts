import { type HashedAsset, loadHashedAsset } from '../../web/loadHashedAsset.js';

/** One static file of the checkout, served by the gateway under a content-hashed name. */
export type CheckoutAsset = HashedAsset;

/** The checkout's stylesheet and script, by role and by hashed name. */
export interface CheckoutAssets {
  readonly css: CheckoutAsset;
  readonly js: CheckoutAsset;
  readonly byName: ReadonlyMap<string, CheckoutAsset>;
}

/**
 * Reads the checkout's static files once (from `assets/` beside this module, or beside the bundle in
 * `dist/`). Their names carry a hash of their content.
 */
export function loadCheckoutAssets(): CheckoutAssets {
  const css = loadHashedAsset(new URL('./assets/checkout.css', import.meta.url), 'text/css; charset=utf-8');
  const js = loadHashedAsset(
    new URL('./assets/checkout.js', import.meta.url),
    'text/javascript; charset=utf-8',
  );
  return { css, js, byName: new Map([css, js].map((asset) => [asset.name, asset])) };
}
