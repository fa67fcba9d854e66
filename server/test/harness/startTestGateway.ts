import { randomBytes } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import pino from 'pino';
import { type RunningGateway, startGateway } from '../../src/app/startGateway.js';
import { seedDevBusiness } from '../../src/chains/devChain/seedDevBusiness.js';
import { createApiKey } from '../../src/domain/apiKeys/createApiKey.js';
import { addWallet } from '../../src/domain/wallets/addWallet.js';
import { type Config, loadConfig } from '../../src/platform/config/loadConfig.js';
import { type Clock, systemClock } from '../../src/platform/runtime/clock.js';
import { createTestDatabase } from './createTestDatabase.js';

/** A gateway on a fresh database, listening on a free loopback port, seeded like `dev:seed`. */
export interface TestGateway {
  readonly running: RunningGateway;
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly apiKeyId: string;
  readonly businessId: string;
  /** A live-mode key of the same business. */
  readonly liveKey: string;
  stop(): Promise<void>;
}

/** The chains every test gateway enables: three test chains and one live one. */
const TEST_CHAINS = ['BTC_TESTNET', 'LTC_TESTNET', 'LTC_REGTEST'] as const;
const LIVE_CHAINS = ['BTC'] as const;

/** How a test gateway is configured (also used by tests that start one in a child process). */
export interface TestGatewaySettings {
  readonly config: Config;
  /** Pass to `startGateway`: the live chain no node watches here, offered by the harness only. */
  readonly testOnlyWatchedChains: readonly string[];
}

/**
 * The configuration of a test gateway on `databaseUrl`: loopback on a free port, the test chains and
 * BTC enabled, responses validated. With `offerUnwatched` (default true) the enabled chains that no
 * node watches in this test are offered: test chains through the operator's
 * CAIRN_CHAIN_<ID>_WATCHED_ELSEWHERE, the live one through the harness-only `testOnlyWatchedChains`
 * (no live node exists here). A chain given a node in `env` is left to its real watcher. False: only
 * what a watcher syncs is offered, as in production.
 */
export function testGatewaySettings(
  databaseUrl: string,
  options: { env?: Record<string, string>; offerUnwatched?: boolean } = {},
): TestGatewaySettings {
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_ENABLED_CHAINS: [...TEST_CHAINS, ...LIVE_CHAINS].join(','),
    CAIRN_LOG_LEVEL: 'silent',
    CAIRN_VALIDATE_RESPONSES: 'true',
    ...options.env,
  };
  const watchedByNode = (id: string) =>
    env[`CAIRN_CHAIN_${id}_RPC_URL`] !== undefined || env[`CAIRN_CHAIN_${id}_ESPLORA_URL`] !== undefined;
  const offerUnwatched = options.offerUnwatched ?? true;
  if (offerUnwatched)
    for (const id of TEST_CHAINS)
      if (!watchedByNode(id)) env[`CAIRN_CHAIN_${id}_WATCHED_ELSEWHERE`] ??= 'true';
  return {
    config: loadConfig(env),
    testOnlyWatchedChains: offerUnwatched ? LIVE_CHAINS.filter((id) => !watchedByNode(id)) : [],
  };
}

/**
 * A gateway listening on a free loopback port, seeded like `dev:seed` plus a BTC wallet and a live
 * key, on a fresh database (dropped by `stop()`), or on `databaseUrl` when the test owns its database
 * (a cluster it stops and starts, a proxy it cuts; `stop()` then stops the gateway only).
 */
export async function startTestGateway(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    workers?: boolean;
    watchers?: boolean;
    /** See {@link testGatewaySettings}. */
    offerUnwatched?: boolean;
    databaseUrl?: string;
    /** Where the gateway logs (default: nowhere). */
    log?: pino.Logger;
  } = {},
): Promise<TestGateway> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createTestDatabase();
  const { config, testOnlyWatchedChains } = testGatewaySettings(database.url, options);
  let running: RunningGateway;
  try {
    running = await startGateway({
      config,
      clock: options.clock ?? systemClock,
      log: options.log ?? pino({ level: 'silent' }),
      workers: options.workers ?? false,
      watchers: options.watchers ?? false,
      testOnlyWatchedChains,
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const { gateway } = running;
  const seeded = await seedDevBusiness(gateway);
  const em = gateway.orm.em.fork();
  await addWallet(em, gateway.clock, gateway.chains, {
    businessId: seeded.business_id,
    chainId: 'BTC',
    value: deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC', 'p2wpkh'),
    // Written straight in, as the operator's own: confirmed (a dashboard-added live wallet waits for its owner).
    confirmed: true,
  });
  const live = await createApiKey(em, gateway.clock, {
    businessId: seeded.business_id,
    mode: 'live',
    label: 'live',
  });
  return {
    running,
    baseUrl: running.address!,
    apiKey: seeded.api_key,
    apiKeyId: seeded.api_key_id,
    businessId: seeded.business_id,
    liveKey: live.key,
    async stop() {
      await running.stop();
      await database.drop();
    },
  };
}
