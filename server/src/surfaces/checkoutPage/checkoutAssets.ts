import { loadPageAssets, type PageAssets } from '../../web/loadHashedAsset.js';

/** Reads the checkout's stylesheet and script once (from `assets/` beside this module, or beside the bundle). */
export function loadCheckoutAssets(): PageAssets {
  return loadPageAssets(
    new URL('./assets/checkout.css', import.meta.url),
    new URL('./assets/checkout.js', import.meta.url),
  );
}
