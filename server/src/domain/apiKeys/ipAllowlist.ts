import { BlockList, isIP } from 'node:net';

/** Builds a matcher for IP addresses and CIDR ranges; an empty list allows everyone. */
export function createIpAllowlist(entries: readonly string[]): (ip: string) => boolean {
  if (entries.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(prefix), family);
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1];
    const candidate = mapped ?? ip;
    return list.check(candidate, isIP(candidate) === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Whether an allowlist entry is an IP address or a CIDR range. */
export function isValidIpEntry(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return Number.isInteger(bits) && bits >= 0 && bits <= (version === 6 ? 128 : 32) && /^\d+$/.test(prefix);
}
