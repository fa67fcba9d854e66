import type { LookupAddress, LookupOptions } from 'node:dns';
import { Pool } from 'undici';
import type { ResolvedAddress } from '../../domain/webhooks/resolveDestination.js';

/** Per-attempt time limits. */
export interface DestinationTimeouts {
  /** Until the response headers (docs/limits.md: 30 s). */
  readonly headersTimeoutMs: number;
  readonly connectTimeoutMs: number;
  /** Between body chunks of a response. */
  readonly bodyTimeoutMs: number;
}

/** Connection pools keyed by origin and vetted address; each connects only to its address. */
export interface DestinationPools {
  get(url: URL, target: ResolvedAddress): Pool;
  close(): Promise<void>;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls.connect that answers with the address the SSRF guard vetted, whatever the
 * name: the connection goes exactly where the guard looked (no second resolution, no DNS-rebinding
 * gap), while the Host header and TLS server name stay the URL's host name.
 */
function pinnedLookup(target: ResolvedAddress) {
  return (_hostname: string, options: LookupOptions, callback: LookupCallback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * Keep-alive undici pools, one per (origin, vetted address), at most `maxPools` (least recently used
 * closed first). Redirects are never followed (undici's request does not follow them).
 */
export function createDestinationPools(timeouts: DestinationTimeouts, maxPools = 256): DestinationPools {
  const pools = new Map<string, Pool>();
  return {
    get(url, target) {
      const key = `${url.origin}|${target.address}`;
      const existing = pools.get(key);
      if (existing) {
        pools.delete(key);
        pools.set(key, existing);
        return existing;
      }
      const pool = new Pool(url.origin, {
        pipelining: 1,
        headersTimeout: timeouts.headersTimeoutMs,
        bodyTimeout: timeouts.bodyTimeoutMs,
        keepAliveTimeout: 4_000,
        connect: { timeout: timeouts.connectTimeoutMs, lookup: pinnedLookup(target) },
      });
      if (pools.size >= maxPools) {
        const [oldestKey, oldest] = pools.entries().next().value as [string, Pool];
        pools.delete(oldestKey);
        void oldest.close().catch(() => {});
      }
      pools.set(key, pool);
      return pool;
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((p) => p.destroy().catch(() => {})));
    },
  };
}
