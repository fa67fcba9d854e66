import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { createIpAllowlist } from '../apiKeys/ipAllowlist.js';
import { blockedRange } from './blockedRange.js';

/** A resolved address as `dns.lookup(name, { all: true })` returns it. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has. Production uses `dns.lookup`; tests inject their own. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The operating system's resolver (`dns.lookup` with `all: true`, in the order it answers). */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** The host name did not resolve. */
export class DnsResolutionError extends Error {
  override readonly name = 'DnsResolutionError';
}

/** The SSRF guard refused the destination: a blocked range, or outside the destination allowlist. */
export class DestinationBlockedError extends Error {
  override readonly name = 'DestinationBlockedError';
}

export interface DestinationPolicy {
  readonly resolver: Resolver;
  /** CAIRN_ALLOW_PRIVATE_WEBHOOKS, and only for a test-mode endpoint. */
  readonly allowPrivate: boolean;
  /** The endpoint's destination allowlist (IPs or CIDRs); empty allows any vetted address. */
  readonly allowedIps: readonly string[];
}

/** Verdicts per address (an address's range never changes). */
const verdicts = new Map<string, ReturnType<typeof blockedRange> | null>();
function classify(address: string): ReturnType<typeof blockedRange> {
  let verdict = verdicts.get(address);
  if (verdict === undefined) {
    if (verdicts.size >= 10_000) verdicts.clear();
    verdict = blockedRange(address) ?? null;
    verdicts.set(address, verdict);
  }
  return verdict ?? undefined;
}

/** `[::1]` (URL form) to `::1`. */
export const bareHostname = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/**
 * Resolves a webhook host and vets every address it resolves to; returns the address to connect to.
 * Refuses the whole destination when any address is in a blocked range (a mixed answer is how DNS
 * rebinding starts), and, with an allowlist, connects only to an address in it.
 *
 * @throws {DnsResolutionError} when the name does not resolve.
 * @throws {DestinationBlockedError} when the guard refuses.
 */
export async function resolveDestination(
  hostname: string,
  policy: DestinationPolicy,
): Promise<ResolvedAddress> {
  const host = bareHostname(hostname);
  let addresses: readonly ResolvedAddress[];
  const literal = isIP(host);
  if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await policy.resolver(host);
    } catch (error) {
      throw new DnsResolutionError(
        `${host} did not resolve: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        { cause: error },
      );
    }
    if (addresses.length === 0) throw new DnsResolutionError(`${host} has no address`);
  }
  for (const { address } of addresses) {
    const blocked = classify(address);
    if (blocked && !(policy.allowPrivate && blocked.openedByDevFlag)) {
      throw new DestinationBlockedError(
        `${host} resolves to ${address}, a ${blocked.range} address; webhooks go to public addresses only`,
      );
    }
  }
  if (policy.allowedIps.length === 0) return addresses[0]!;
  const allowed = createIpAllowlist(policy.allowedIps);
  const chosen = addresses.find((a) => allowed(a.address));
  if (!chosen) {
    throw new DestinationBlockedError(
      `${host} resolves to ${addresses.map((a) => a.address).join(', ')}, outside the destination allowlist (${policy.allowedIps.join(', ')})`,
    );
  }
  return chosen;
}
