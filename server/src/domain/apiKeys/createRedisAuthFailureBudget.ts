import type { Redis } from 'ioredis';
import type { AuthFailureBudget } from './AuthFailureBudget.js';

/** One unit taken atomically: the count in the window and the window's remaining milliseconds. */
const TAKE = `
local used = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { used, ttl }`;

/**
 * Gives a unit back, never below zero. A refund that arrives after its window ended goes to the next
 * window's count, which only makes that window one failure more lenient.
 */
const REFUND = `
if (tonumber(redis.call('GET', KEYS[1]) or '0')) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

/**
 * An {@link AuthFailureBudget} in Redis, shared by every gateway instance: a fixed window per address
 * (a counter that expires `windowMs` after the address's first attempt, Redis's clock), one round
 * trip per take or refund. A window's count may pass the limit (refused attempts still count), which
 * changes nothing: the address is refused until the window ends.
 */
export function createRedisAuthFailureBudget(options: {
  readonly redis: Redis;
  readonly limit: number;
  readonly windowMs: number;
  readonly prefix?: string;
}): AuthFailureBudget {
  const { redis, limit, windowMs } = options;
  const prefix = options.prefix ?? 'cairn-auth-failures:';
  return {
    async take(address) {
      const [used, ttl] = (await redis.eval(TAKE, 1, prefix + address, String(windowMs))) as [number, number];
      return used > limit ? Math.max(1, Math.ceil(ttl / 1000)) : undefined;
    },
    async refund(address) {
      await redis.eval(REFUND, 1, prefix + address);
    },
  };
}
