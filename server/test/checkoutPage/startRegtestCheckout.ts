import { deriveAccountXpub } from '@cairn/chain-utxo';
import type { ChainWatcher } from '../../src/chains/watchers/ChainWatcher.js';
import { addWallet } from '../../src/domain/wallets/addWallet.js';
import { Wallet } from '../../src/platform/db/entities/index.js';
import type { Clock } from '../../src/platform/runtime/clock.js';
import { type Litecoind, startLitecoind } from '../harness/startLitecoind.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import { waitUntil } from '../harness/waitUntil.js';
import { startCheckoutGateway } from './checkoutHelpers.js';

/** A checkout gateway watching a real `litecoind -regtest`, and the merchant's seed. */
export interface RegtestCheckout {
  readonly test: TestGateway;
  /** The node: the customer's wallet (its `cairn-test` wallet, funded) and the miner. */
  readonly node: Litecoind;
  /** The gateway's LTC_REGTEST watcher, running its background loop. */
  readonly watcher: ChainWatcher;
  /**
   * The BIP-32 seed (hex) of the business's LTC_REGTEST wallet. The gateway holds only its account xpub;
   * the test, as the merchant, can spend what arrives (`refundFromDeposit`).
   */
  readonly merchantSeed: string;
  stop(): Promise<void>;
}

/** The merchant's test seed (64 bytes). Regtest coins only; never use a seed that holds real funds. */
const MERCHANT_SEED = 'c4a1'.repeat(32);

/**
 * Starts `litecoind -regtest` and a checkout gateway (`startCheckoutGateway`) given the node
 * (`CAIRN_CHAIN_LTC_REGTEST_RPC_URL`, polled every 200 ms plus the block long-poll) with its chain
 * watchers running in the background, exactly as in production. The seeded business's LTC_REGTEST
 * wallet is replaced by the xpub of `MERCHANT_SEED`. Resolves once the watcher is active at the
 * node's tip, so nothing sent afterwards can be missed.
 */
export async function startRegtestCheckout(
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<RegtestCheckout> {
  const node = await startLitecoind();
  let test: TestGateway | undefined;
  try {
    test = await startCheckoutGateway({
      ...(options.clock ? { clock: options.clock } : {}),
      watchers: true,
      env: {
        ...options.env,
        CAIRN_CHAIN_LTC_REGTEST_RPC_URL: node.rpcUrl,
        CAIRN_CHAIN_LTC_REGTEST_POLL_MS: '200',
      },
    });
    const { gateway } = test.running;
    const em = gateway.orm.em.fork();
    // dev:seed gave the business a wallet of a random seed nobody keeps; no payment used it yet.
    await em.nativeDelete(Wallet, { businessId: test.businessId, chainId: 'LTC_REGTEST' });
    await addWallet(em, gateway.clock, gateway.chains, {
      businessId: test.businessId,
      chainId: 'LTC_REGTEST',
      value: deriveAccountXpub(MERCHANT_SEED, 'LTC_REGTEST', 'p2wpkh'),
    });
    const watcher = test.running.chainWatchers?.watchers.find((w) => w.chainId === 'LTC_REGTEST');
    if (!watcher) throw new Error('the gateway started no LTC_REGTEST watcher');
    const tip = await node.height();
    await waitUntil(
      () => watcher.status().role === 'active' && watcher.status().cursorHeight === tip,
      `the LTC_REGTEST watcher to become active at height ${tip}`,
    );
    // Offered to payments once that sync has been reported (a moment after the cursor moves).
    await waitUntil(
      () => gateway.chainAvailability.isOffered('LTC_REGTEST'),
      'LTC_REGTEST to be offered to payments',
    );
    const started = test;
    return {
      test: started,
      node,
      watcher,
      merchantSeed: MERCHANT_SEED,
      async stop() {
        await started.stop();
        await node.stop();
      },
    };
  } catch (error) {
    await test?.stop();
    await node.stop();
    throw error;
  }
}
