import { ApiError } from '../platform/runtime/ApiError.js';
import { decodeUtf8 } from './decodeUtf8.js';
import { unstorableTextError } from './unstorableTextError.js';

const decodeComponent = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));

/**
 * An `application/x-www-form-urlencoded` body as its fields (a repeated name keeps its last value).
 * Stricter than `URLSearchParams`, which turns bytes that are not UTF-8, and percent-escapes that
 * do not decode to UTF-8, into U+FFFD: such a body is refused, as is a malformed escape (browsers
 * always encode `%`). A field (name or value) with text PostgreSQL cannot store (a NUL, `%00`) is
 * refused as the API refuses it (see {@link unstorableTextError}), before any handler runs: every
 * form of the dashboard and the checkout is parsed here.
 *
 * @throws {ApiError} INVALID_REQUEST (400); VALIDATION_ERROR (422) for unstorable text, naming the
 * fields.
 */
export function parseFormBody(body: string | Buffer): Record<string, string> {
  const text = decodeUtf8(body);
  if (text === undefined) throw new ApiError('INVALID_REQUEST', 'The form data is not valid UTF-8.');
  const fields: [string, string][] = [];
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    try {
      fields.push(
        equals === -1
          ? [decodeComponent(pair), '']
          : [decodeComponent(pair.slice(0, equals)), decodeComponent(pair.slice(equals + 1))],
      );
    } catch {
      throw new ApiError('INVALID_REQUEST', 'The form data is not valid percent-encoded UTF-8.');
    }
  }
  const form = Object.fromEntries(fields);
  const unstorable = unstorableTextError(form, undefined);
  if (unstorable) throw unstorable;
  return form;
}
