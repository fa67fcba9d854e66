import { isIP } from 'node:net';
import type { Mode } from '@cairn/contract';
import { blockedRange } from './blockedRange.js';
import {
  bareHostname,
  DestinationBlockedError,
  DnsResolutionError,
  type Resolver,
  resolveDestination,
} from './resolveDestination.js';
import { WebhookError } from './WebhookError.js';

export interface UrlPolicy {
  readonly mode: Mode;
  /** CAIRN_ALLOW_PRIVATE_WEBHOOKS (ignored in live mode). */
  readonly allowPrivateFlag: boolean;
  readonly resolver: Resolver;
}

/** A URL that passed, normalised, with anything the operator should know. */
export interface CheckedUrl {
  readonly url: string;
  readonly warnings: readonly string[];
}

const MAX_URL_LENGTH = 2048;

/**
 * Validates a webhook URL on save (docs/webhooks.md, Endpoint configuration): http or https (live mode: https
 * only), no credentials or fragment, and neither localhost nor a loopback, private, link-local, CGNAT,
 * multicast, documentation or other special address, IPv6 and IPv4-mapped forms included; a host name
 * is resolved and refused when any address it resolves to is such an address. A name that does not
 * resolve now is accepted with a warning: every delivery resolves and vets it again.
 *
 * @throws {WebhookError} INVALID_WEBHOOK_URL, WEBHOOK_URL_NOT_HTTPS or WEBHOOK_URL_PRIVATE.
 */
export async function validateWebhookUrl(raw: string, policy: UrlPolicy): Promise<CheckedUrl> {
  if (raw.length > MAX_URL_LENGTH)
    throw new WebhookError('INVALID_WEBHOOK_URL', `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookError('INVALID_WEBHOOK_URL', `"${raw}" is not an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookError('INVALID_WEBHOOK_URL', `${url.protocol} URLs are not allowed: use https.`);
  if (url.username || url.password)
    throw new WebhookError('INVALID_WEBHOOK_URL', 'The URL must not carry a user name or password.');
  if (url.hash) throw new WebhookError('INVALID_WEBHOOK_URL', 'The URL must not have a #fragment.');
  if (policy.mode === 'live' && url.protocol !== 'https:')
    throw new WebhookError('WEBHOOK_URL_NOT_HTTPS', 'Live-mode webhook URLs must use https.');

  const allowPrivate = policy.allowPrivateFlag && policy.mode === 'test';
  const host = bareHostname(url.hostname);
  const refuse = (why: string) =>
    new WebhookError(
      'WEBHOOK_URL_PRIVATE',
      `${why}. Webhook URLs must reach a public address${policy.mode === 'test' ? ' (for a receiver on this machine in test mode, the operator can set CAIRN_ALLOW_PRIVATE_WEBHOOKS=true)' : ''}.`,
    );
  // `localhost.` is the same name as `localhost` (a fully qualified name ends with a dot).
  const name = host.replace(/\.+$/, '');
  if ((name === 'localhost' || name.endsWith('.localhost')) && !allowPrivate)
    throw refuse(`${host} is a loopback name`);
  if (isIP(host) !== 0) {
    const blocked = blockedRange(host);
    if (blocked && !(allowPrivate && blocked.openedByDevFlag))
      throw refuse(`${host} is a ${blocked.range} address`);
    return { url: url.href, warnings: [] };
  }
  try {
    await resolveDestination(host, { resolver: policy.resolver, allowPrivate, allowedIps: [] });
  } catch (error) {
    if (error instanceof DestinationBlockedError) throw refuse(error.message);
    if (error instanceof DnsResolutionError)
      return {
        url: url.href,
        warnings: [`${error.message}; it is resolved and checked again on every delivery.`],
      };
    throw error;
  }
  return { url: url.href, warnings: [] };
}
