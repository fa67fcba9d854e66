import { randomBytes } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import pino from 'pino';
import { devSeed } from '../../src/cli/devSeed.js';
import { loadConfig } from '../../src/config/loadConfig.js';
import { createApiKey } from '../../src/keys/createApiKey.js';
import { startGateway } from '../../src/startGateway.js';
import { addWallet } from '../../src/wallets/addWallet.js';
import type { TestGateway } from '../harness/startTestGateway.js';

/**
 * A gateway on the database at `databaseUrl` (which the caller owns: a cluster the test stops and
 * starts, or a proxy it cuts), listening on a free loopback port and seeded like `startTestGateway`:
 * `dev:seed` plus a live key. Workers and watchers run unless turned off, as in production.
 * `stop()` stops the gateway only.
 */
export async function startGatewayOn(
  databaseUrl: string,
  options: { env?: Record<string, string>; workers?: boolean; watchers?: boolean } = {},
): Promise<TestGateway> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_ENABLED_CHAINS: 'BTC_TESTNET,LTC_TESTNET,LTC_REGTEST,BTC',
    CAIRN_LOG_LEVEL: 'silent',
    CAIRN_VALIDATE_RESPONSES: 'true',
    ...options.env,
  });
  const running = await startGateway({
    config,
    log: pino({ level: 'silent' }),
    workers: options.workers ?? true,
    watchers: options.watchers ?? true,
  });
  try {
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
      stop: () => running.stop(),
    };
  } catch (error) {
    await running.stop();
    throw error;
  }
}
