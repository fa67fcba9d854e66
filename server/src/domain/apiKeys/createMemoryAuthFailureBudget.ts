import type { Clock } from '../../platform/runtime/clock.js';
import type { AuthFailureBudget } from './AuthFailureBudget.js';

interface Window {
  used: number;
  readonly endsAt: number;
}

/**
 * An {@link AuthFailureBudget} in this process's memory: a fixed window per address, opened by its
 * first attempt. Bounded: past `maxAddresses`, ended windows are dropped, then the oldest.
 */
export function createMemoryAuthFailureBudget(options: {
  readonly limit: number;
  readonly windowMs: number;
  readonly clock: Clock;
  readonly maxAddresses?: number;
}): AuthFailureBudget {
  const { limit, windowMs, clock } = options;
  const maxAddresses = options.maxAddresses ?? 100_000;
  const windows = new Map<string, Window>();

  const prune = (now: number) => {
    for (const [address, window] of windows) if (window.endsAt <= now) windows.delete(address);
    while (windows.size >= maxAddresses) {
      const oldest = windows.keys().next().value;
      if (oldest === undefined) break;
      windows.delete(oldest);
    }
  };

  return {
    async take(address) {
      const now = clock.now().getTime();
      let window = windows.get(address);
      if (window === undefined || window.endsAt <= now) {
        if (window === undefined && windows.size >= maxAddresses) prune(now);
        window = { used: 0, endsAt: now + windowMs };
        windows.set(address, window);
      }
      if (window.used >= limit) return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
      window.used += 1;
      return undefined;
    },
    async refund(address) {
      const window = windows.get(address);
      if (window !== undefined && window.used > 0 && window.endsAt > clock.now().getTime()) window.used -= 1;
    },
  };
}
