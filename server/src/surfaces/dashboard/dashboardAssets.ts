import { loadPageAssets, type PageAssets } from '../../web/loadHashedAsset.js';

/** Reads the dashboard's stylesheet and script once (from `assets/` beside this module, or beside the bundle). */
export function loadDashboardAssets(): PageAssets {
  return loadPageAssets(
    new URL('./assets/dashboard.css', import.meta.url),
    new URL('./assets/dashboard.js', import.meta.url),
  );
}
