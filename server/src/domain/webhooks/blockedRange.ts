import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Ranges the local-development flag opens (never link-local: cloud metadata lives there). */
const DEV_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

/** Why an address may not receive webhooks, as the guard sees it. */
export interface BlockedRange {
  /** ipaddr.js's range name (`loopback`, `private`, `carrierGradeNat`, `reserved`, ...). */
  readonly range: string;
  /** The address as classified (IPv4-mapped IPv6 is unwrapped to IPv4). */
  readonly address: string;
  /** Whether CAIRN_ALLOW_PRIVATE_WEBHOOKS may open it for test mode. */
  readonly openedByDevFlag: boolean;
}

/**
 * Classifies an IP address for the SSRF guard: undefined for a public unicast address, otherwise the
 * special range it falls in. Covers loopback, private, link-local, CGNAT (100.64/10), multicast,
 * broadcast, unspecified, documentation and benchmarking ranges (ipaddr.js `reserved`), IPv6 unique
 * local, link local, NAT64, 6to4, Teredo, discard, and anything outside 2000::/3; an IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries.
 */
export function blockedRange(address: string): BlockedRange | undefined {
  if (!ipaddr.isValid(address)) return { range: 'invalid', address, openedByDevFlag: false };
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else {
      const range = v6.range();
      if (range !== 'unicast')
        return { range, address: v6.toString(), openedByDevFlag: DEV_RANGES.has(range) };
      if (!v6.match(GLOBAL_UNICAST_V6))
        return { range: 'notGlobalUnicast', address: v6.toString(), openedByDevFlag: false };
      return undefined;
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  return { range, address: parsed.toString(), openedByDevFlag: DEV_RANGES.has(range) };
}
