import { loadHashedAsset } from '../../web/loadHashedAsset.js';
import type { CheckoutAssets } from '../checkoutPage/checkoutAssets.js';

/** The dashboard's stylesheet and script (same shape as the checkout's). */
export type DashboardAssets = CheckoutAssets;

/** Reads the dashboard's static files once, under content-hashed names. */
export function loadDashboardAssets(): DashboardAssets {
  const css = loadHashedAsset(new URL('./assets/dashboard.css', import.meta.url), 'text/css; charset=utf-8');
  const js = loadHashedAsset(
    new URL('./assets/dashboard.js', import.meta.url),
    'text/javascript; charset=utf-8',
  );
  return { css, js, byName: new Map([css, js].map((asset) => [asset.name, asset])) };
}
