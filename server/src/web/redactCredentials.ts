/** What a redacted credential is replaced with. */
export const REDACTED = '[redacted]';

/**
 * API keys and webhook secrets by their prefix, wherever they appear (path, any query value), also
 * with the underscores percent-encoded (`pk%5Ftest%5F...`).
 */
const CREDENTIAL = /(?:pk(?:_|%5f)(?:test|live)|whsec)(?:_|%5f)[A-Za-z0-9_%-]*/gi;

/**
 * Query parameter names whose value is a credential, compared in lower case without `_`, `-` or
 * `.`: `api_key`, `apiKey`, `key`, `access_token`, `client-secret`, `password`, `auth`, ...
 */
const SENSITIVE_NAME = /key|token|secret|passw|pwd|auth|credential|signature|session/;

function isSensitiveName(rawName: string): boolean {
  let name = rawName.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: judge the name as written.
  }
  return SENSITIVE_NAME.test(name.toLowerCase().replace(/[\s_.-]/g, ''));
}

/**
 * A request URL (path and query, as received) safe to log: the value of every query parameter whose
 * name looks like a credential is replaced by `[redacted]`, and so is any `pk_test_`, `pk_live_` or
 * `whsec_` string anywhere in it. Works on the raw text, so a URL that does not parse is redacted too.
 *
 * @example
 * ```ts
 * redactCredentials('/api/v1/payments?limit=5&api_key=pk_test_abc'); // '/api/v1/payments?limit=5&api_key=[redacted]'
 * ```
 */
export function redactCredentials(url: string): string {
  const queryStart = url.indexOf('?');
  let redacted = url;
  if (queryStart !== -1) {
    const query = url
      .slice(queryStart + 1)
      .split(/([&;])/)
      .map((part) => {
        const equals = part.indexOf('=');
        if (equals === -1 || !isSensitiveName(part.slice(0, equals))) return part;
        return `${part.slice(0, equals)}=${REDACTED}`;
      })
      .join('');
    redacted = `${url.slice(0, queryStart)}?${query}`;
  }
  return redacted.replace(CREDENTIAL, REDACTED);
}
