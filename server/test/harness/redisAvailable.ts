import { Redis } from 'ioredis';

/** The Redis the multi-instance suites share: REDIS_URL, or the machine's on 127.0.0.1:6379. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether a Redis server answers at {@link TEST_REDIS_URL}. Like a missing litecoind, no Redis skips
 * the suite with a loud message locally and fails the run under `CI=true` (`.ci/run` starts the
 * machine's Redis when it is installed but stopped).
 */
export async function redisAvailable(suite: string): Promise<boolean> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    const message = `no Redis answers at ${TEST_REDIS_URL}: the "${suite}" suite needs one (apt-get install redis-server, or set REDIS_URL).`;
    if (process.env.CI === 'true') throw new Error(`${message} Failing because CI=true.`);
    const bar = '!'.repeat(100);
    console.warn(`\n${bar}\nSKIPPED: ${message}\n${bar}\n`);
    return false;
  } finally {
    redis.disconnect();
  }
}
