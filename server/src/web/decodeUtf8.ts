import { isUtf8 } from 'node:buffer';

/**
 * A request body as text, or `undefined` when its bytes are not valid UTF-8 (Node's own decoding
 * would replace each bad sequence with U+FFFD and carry on, so a corrupted body would be accepted).
 */
export function decodeUtf8(body: string | Buffer): string | undefined {
  if (typeof body === 'string') return body;
  return isUtf8(body) ? body.toString('utf8') : undefined;
}
