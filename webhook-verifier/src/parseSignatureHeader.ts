import { MalformedSignatureHeaderError, MissingSignatureHeaderError, NoV1SignatureError } from './errors.js';
import type { SignatureHeaderValue } from './types.js';

/** The parts of an `X-Webhook-Signature` header that verification uses. */
export interface ParsedSignatureHeader {
  /** `t`, Unix seconds. */
  timestamp: number;
  /** Every `v1` value in header order, as sent (not yet validated as hex). */
  signatures: string[];
}

/**
 * Parses `t=<unix_seconds>,v1=<hex>[,v1=<hex>...]`: splits on commas and each part at its first `=`,
 * trimming blanks. Unknown schemes (e.g. `v0=`) and parts without `=` are ignored; an array (a repeated
 * header) is read as one comma-separated list.
 *
 * @throws {@link MissingSignatureHeaderError} when the header is absent or blank.
 * @throws {@link MalformedSignatureHeaderError} unless there is exactly one `t`, a whole number.
 * @throws {@link NoV1SignatureError} when no `v1` is present.
 */
export function parseSignatureHeader(header: SignatureHeaderValue): ParsedSignatureHeader {
  const text = typeof header === 'string' ? header : (header?.join(',') ?? '');
  if (!text.trim()) throw new MissingSignatureHeaderError();
  const timestamps: string[] = [];
  const signatures: string[] = [];
  for (const part of text.split(',')) {
    const [, key, value = ''] = /^\s*(t|v1)\s*=(.*)/.exec(part) ?? [];
    if (key === 't') timestamps.push(value.trim());
    if (key === 'v1') signatures.push(value.trim());
  }
  const [t = ''] = timestamps;
  if (timestamps.length !== 1 || !/^\d+$/.test(t)) throw new MalformedSignatureHeaderError();
  if (!signatures.length) throw new NoV1SignatureError();
  return { timestamp: +t, signatures };
}
