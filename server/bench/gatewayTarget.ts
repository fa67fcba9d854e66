/**
 * Benchmark child: the gateway in-process on the database in DATABASE_URL (no job workers, rate limit
 * out of the way), seeded like `dev:seed`. Started by createPayment.bench.ts. BENCH_GATEWAY_SRC (an
 * absolute path) runs another copy of the server's `src` instead (the bench's BENCH_COMPARE_REF).
 */
import pino from 'pino';
import type * as StartGateway from '../src/app/startGateway.js';
import type * as DevSeed from '../src/chains/devChain/seedDevBusiness.js';
import type * as LoadConfig from '../src/platform/config/loadConfig.js';
import { failChild, serveParent } from './support.js';

const src = process.env.BENCH_GATEWAY_SRC ?? new URL('../src', import.meta.url).pathname;
/** Imports the first module that exists: the layout of today's `src`, then the older flat one (a compare ref). */
async function importFirst<T>(...paths: string[]): Promise<T> {
  for (const [i, path] of paths.entries()) {
    try {
      return (await import(`${src}/${path}`)) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND' || i === paths.length - 1)
        throw error;
    }
  }
  throw new Error('importFirst: no path given');
}
const seeding = await importFirst<{
  seedDevBusiness?: typeof DevSeed.seedDevBusiness;
  devSeed?: typeof DevSeed.seedDevBusiness;
}>('domain/businesses/seedDevBusiness.js', 'cli/devSeed.js');
const devSeed = (seeding.seedDevBusiness ?? seeding.devSeed)!;
const { loadConfig } = await importFirst<typeof LoadConfig>(
  'platform/config/loadConfig.js',
  'config/loadConfig.js',
);
const { startGateway } = await importFirst<typeof StartGateway>('app/startGateway.js', 'startGateway.js');
const { CHAIN_VARIABLES } = await importFirst<{ CHAIN_VARIABLES: Record<string, unknown> }>(
  'platform/config/loadChainSettings.js',
  'chains/loadChainSettings.js',
);
// No node watches the seeded test chains here: mark them watched elsewhere so they are offered (a
// server from before that setting offers them anyway).
const watchedElsewhere =
  'WATCHED_ELSEWHERE' in CHAIN_VARIABLES
    ? {
        CAIRN_CHAIN_BTC_TESTNET_WATCHED_ELSEWHERE: 'true',
        CAIRN_CHAIN_LTC_TESTNET_WATCHED_ELSEWHERE: 'true',
      }
    : {};

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_LOG_LEVEL: 'silent',
    CAIRN_RATE_LIMIT_PER_MINUTE: '1000000000',
    ...watchedElsewhere,
  });
  // Only `error` lines (a 5xx's cause) are written, to a file the parent prints when a run had
  // errors; a healthy run logs nothing, as with a silent logger.
  const errorLog = process.env.BENCH_ERROR_LOG;
  const log = errorLog
    ? pino({ level: 'error' }, pino.destination({ dest: errorLog, sync: true }))
    : pino({ level: 'silent' });
  const running = await startGateway({ config, log, workers: false });
  const heapProfile = await startHeapSampling(process.env.BENCH_HEAP_PROFILE);
  serveParent(async () => {
    await heapProfile?.();
    await running.stop();
  });
  const seeded = await devSeed(running.gateway);
  process.send?.({
    type: 'ready',
    url: running.address!,
    info: { apiKey: seeded.api_key, apiKeyId: seeded.api_key_id, businessId: seeded.business_id },
  });
}

/**
 * BENCH_HEAP_PROFILE=<file>: samples allocations (including objects already collected, so it shows
 * what a request allocates, not only what it keeps) and writes a `.heapprofile` at stop. Returns the
 * function that writes it.
 */
async function startHeapSampling(file: string | undefined): Promise<(() => Promise<void>) | undefined> {
  if (!file) return undefined;
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as object);
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    writeFileSync(`${file}.${process.pid}.heapprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

main().catch(failChild);
