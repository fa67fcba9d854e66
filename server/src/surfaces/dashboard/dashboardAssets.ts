import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  type HashedAsset,
  loadHashedAsset,
  loadPageAssets,
  type PageAssets,
} from '../../web/loadHashedAsset.js';

/** The dashboard's stylesheet and script, and the two scripts of the pages that use passkeys. */
export interface DashboardAssets extends PageAssets {
  /** `@simplewebauthn/browser` (its UMD bundle, served by the gateway: no CDN) and `passkeys.js`, in order. */
  readonly passkeys: readonly HashedAsset[];
}

/** Where `@simplewebauthn/browser`'s browser bundle is (the package exports no path to it, so from its entry). */
function webAuthnBrowserBundle(): URL {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  return new URL('../dist/bundle/index.umd.min.js', pathToFileURL(entry));
}

/**
 * Reads the dashboard's assets once (from `assets/` beside this module, or beside the bundle), and the
 * WebAuthn browser library from its package.
 */
export function loadDashboardAssets(): DashboardAssets {
  const page = loadPageAssets(
    new URL('./assets/dashboard.css', import.meta.url),
    new URL('./assets/dashboard.js', import.meta.url),
  );
  const js = 'text/javascript; charset=utf-8';
  const passkeys = [
    loadHashedAsset(webAuthnBrowserBundle(), js),
    loadHashedAsset(new URL('./assets/passkeys.js', import.meta.url), js),
  ];
  return {
    ...page,
    passkeys,
    byName: new Map([...page.byName, ...passkeys.map((asset) => [asset.name, asset] as const)]),
  };
}
