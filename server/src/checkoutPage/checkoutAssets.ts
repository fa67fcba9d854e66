import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** One static file of the checkout, served by the gateway under a content-hashed name. */
export interface CheckoutAsset {
  /** e.g. `checkout.3f2a9c1b7d.css` */
  readonly name: string;
  readonly body: Buffer;
  readonly contentType: string;
}

/** The checkout's stylesheet and script, by role and by hashed name. */
export interface CheckoutAssets {
  readonly css: CheckoutAsset;
  readonly js: CheckoutAsset;
  readonly byName: ReadonlyMap<string, CheckoutAsset>;
}

function load(file: string, contentType: string): CheckoutAsset {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const dot = file.lastIndexOf('.');
  return { name: `${file.slice(0, dot)}.${hash}${file.slice(dot)}`, body, contentType };
}

/**
 * Reads the checkout's static files once. Their names carry a hash of their content, so they can be
 * cached forever (`immutable`) and a new release is fetched at once.
 */
export function loadCheckoutAssets(): CheckoutAssets {
  const css = load('checkout.css', 'text/css; charset=utf-8');
  const js = load('checkout.js', 'text/javascript; charset=utf-8');
  return { css, js, byName: new Map([css, js].map((asset) => [asset.name, asset])) };
}
