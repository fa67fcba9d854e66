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
