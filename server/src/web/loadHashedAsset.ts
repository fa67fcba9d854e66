import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** One static file served by the gateway under a content-hashed name. */
export interface HashedAsset {
  /** e.g. `checkout.3f2a9c1b7d.css` */
  readonly name: string;
  readonly body: Buffer;
  readonly contentType: string;
}

/**
 * Reads a static file once and names it after a hash of its content, so it can be cached forever
 * (`immutable`) and a new release is fetched at once.
 */
export function loadHashedAsset(url: URL, contentType: string): HashedAsset {
  const body = readFileSync(url);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return { name: `${file.slice(0, dot)}.${hash}${file.slice(dot)}`, body, contentType };
}

/** A page's stylesheet and script, by role and by hashed name (what its `/assets/:name` route serves). */
export interface PageAssets {
  readonly css: HashedAsset;
  readonly js: HashedAsset;
  readonly byName: ReadonlyMap<string, HashedAsset>;
}

/**
 * Reads a surface's stylesheet and script once, under content-hashed names. Each surface passes URLs
 * relative to its own module (`new URL('./assets/x.css', import.meta.url)`), which resolve beside the
 * sources in development and beside the bundle in `dist/` (the build copies every `assets/` there).
 */
export function loadPageAssets(css: URL, js: URL): PageAssets {
  const style = loadHashedAsset(css, 'text/css; charset=utf-8');
  const script = loadHashedAsset(js, 'text/javascript; charset=utf-8');
  return { css: style, js: script, byName: new Map([style, script].map((asset) => [asset.name, asset])) };
}
