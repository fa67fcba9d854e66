import { isIP } from 'node:net';

/** Who passkeys are registered with: the dashboard's host name (the RP ID) and its origin. */
export interface PasskeyRelyingParty {
  /** The dashboard's host name; passkeys made for it work on it and nowhere else. */
  readonly id: string;
  /** The dashboard's origin (`https://pay.example.com`), which every answer must come from. */
  readonly origin: string;
  /** The name a browser shows when it asks to make a passkey. */
  readonly name: string;
}

/**
 * The relying party for a dashboard URL, or undefined when passkeys cannot work there: WebAuthn needs a
 * domain name (an IP address is never a valid RP ID) on https, or `localhost` (which browsers count as
 * secure over plain http).
 */
export function passkeyRelyingParty(dashboardUrl: string): PasskeyRelyingParty | undefined {
  const url = new URL(dashboardUrl);
  const host = url.hostname;
  if (host === '' || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return undefined;
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !local) return undefined;
  return { id: host, origin: url.origin, name: 'Cairn' };
}
