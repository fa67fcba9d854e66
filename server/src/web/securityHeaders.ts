/** What varies in the checkout's security headers. */
export interface SecurityHeadersInput {
  /** CSP frame-ancestors sources (`'none'` by default: the checkout is never framed). */
  readonly frameAncestors: string;
  /** Origins a form on this page may end up at after a redirect (the cancel_url's origin). */
  readonly formActionOrigins?: readonly string[];
}

/**
 * The checkout's security headers. The CSP allows no inline script or style and nothing from other
 * hosts (every asset comes from the gateway); `form-action` includes the cancel_url's origin because
 * browsers check form-action on the redirect that follows the Cancel POST. `no-referrer` keeps the
 * payment id (in the URL) from success and cancel pages and any other site.
 */
export function securityHeaders(input: SecurityHeadersInput): Record<string, string> {
  const formAction = ["'self'", ...new Set(input.formActionOrigins ?? [])].join(' ');
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `form-action ${formAction}`,
    `frame-ancestors ${input.frameAncestors}`,
    "base-uri 'none'",
  ].join('; ');
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'x-robots-tag': 'noindex, nofollow',
  };
  if (input.frameAncestors === "'none'") headers['x-frame-options'] = 'DENY';
  else if (input.frameAncestors === "'self'") headers['x-frame-options'] = 'SAMEORIGIN';
  return headers;
}

/**
 * What every answer carries unless its route set its own: no content sniffing, no referrer to other
 * sites, and not stored by any cache (the API's, MCP's and the health answers hold a merchant's data or
 * this instance's state). Routes whose documents are the same for everyone (discovery, hashed assets)
 * set their own Cache-Control.
 */
export const DEFAULT_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** HSTS for a year, subdomains included; never `preload`, a commitment an operator makes alone. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Whether an answer to a request for `hostname` carries HSTS: when any public URL is https, except
 * for a host that a public URL serves over plain http, or one with such a host below it (HSTS, which
 * includes subdomains, would cut it off). Browsers ignore the
 * header on plain-http answers, so sending it whatever the Host (a proxy may rewrite it) is harmless.
 */
export function strictTransportFor(publicUrls: readonly string[]): (hostname: string) => boolean {
  const parsed = publicUrls.map((url) => new URL(url));
  if (!parsed.some((url) => url.protocol === 'https:')) return () => false;
  const plainHosts = new Set(parsed.filter((url) => url.protocol === 'http:').map((url) => url.hostname));
  // `includeSubDomains` would also cut off a plain-http host below this one.
  return (hostname) => ![...plainHosts].some((plain) => plain === hostname || plain.endsWith(`.${hostname}`));
}
