import { randomBytes } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import pino from 'pino';
import { devSeed } from '../../src/cli/devSeed.js';
import { type Clock, systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config/loadConfig.js';
import { createApiKey } from '../../src/keys/createApiKey.js';
import { type RunningGateway, startGateway } from '../../src/startGateway.js';
import { addWallet } from '../../src/wallets/addWallet.js';
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

export async function startTestGateway(
  options: { env?: Record<string, string>; clock?: Clock; workers?: boolean; watchers?: boolean } = {},
): Promise<TestGateway> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_ENABLED_CHAINS: 'BTC_TESTNET,LTC_TESTNET,LTC_REGTEST,BTC',
    CAIRN_LOG_LEVEL: 'silent',
    CAIRN_VALIDATE_RESPONSES: 'true',
    ...options.env,
  });
  const running = await startGateway({
    config,
    clock: options.clock ?? systemClock,
    log: pino({ level: 'silent' }),
    workers: options.workers ?? false,
    watchers: options.watchers ?? false,
  });
  const { gateway } = running;
  const seeded = await devSeed(gateway);
  const em = gateway.orm.em.fork();
  await addWallet(em, gateway.clock, gateway.chains, {
    businessId: seeded.business_id,
    chainId: 'BTC',
    value: deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC', 'p2wpkh'),
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
