import { describe, expect, it } from 'vitest';
import { requestReanchor } from '../../src/chains/watchers/requestReanchor.js';
import { sql } from '../api/apiHelpers.js';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { chainResetSuite, liveWatcher, NO_COMMON_ANCESTOR, scenarioResetDriver } from './chainResetSuite.js';
import { blockHashAt, invalidateBlock } from './reorgTools.js';
import { startChainScenario } from './startChainScenario.js';
import { useScenario } from './useScenario.js';

// A reset chain on a real litecoind -regtest (its data dir emptied, started again on the same port with
// fewer blocks). Regtest's genesis block never changes, so the network identity stays the same: the
// watcher tells the reset by its tip, below its cursor with no common ancestor in the kept headers.

describe.runIf(litecoindAvailable('chain resets on litecoind'))('chain resets on litecoind -regtest', () => {
  const s = useScenario(() => startChainScenario({ confirmations: 3 }));
  chainResetSuite(
    scenarioResetDriver(s, {
      chainId: 'LTC_REGTEST',
      payCloses: false,
      // 101 blocks: one mature coinbase to pay with, far below the 150 the scenario started with.
      reset: () => s().node.wipe(101),
      reason: NO_COMMON_ANCESTOR,
    }),
  );

  it('live mode: a node back on the stored chain resumes on chains:reanchor with nothing removed', async () => {
    // The scenario's watcher was stopped by the live test above.
    const { watcher: live } = liveWatcher(s().test, 'LTC_REGTEST');
    const { gateway } = s().test.running;
    try {
      await live.syncOnce();
      const p = await s().newPayment();
      await s().pay(p, p.amount);
      await s().mine(1);
      await live.syncOnce();
      expect(await s().statusOf(p.id)).toBe('confirming');
      // The node goes off onto a chain below every kept header (a wrong node behind the URL)...
      const [kept] = await sql<{ lowest: number }>(
        s().test,
        `select min(height)::int as lowest from chain_blocks where chain_id = 'LTC_REGTEST'`,
      );
      const below = await blockHashAt(s().node, kept!.lowest - 1);
      await invalidateBlock(s().node, below);
      expect(await live.syncOnce()).toEqual({ active: true, halted: true });
      // ...and comes back (the operator fixed it): still halted until the operator says so.
      await s().node.rpc.call('reconsiderblock', [below]);
      expect(await live.syncOnce()).toEqual({ active: true, halted: true });
      expect(gateway.chainAvailability.isOffered('LTC_REGTEST')).toBe(false);
      expect(await requestReanchor(gateway, 'LTC_REGTEST')).toMatchObject({
        state: 'requested',
      });
      const resumed = await live.syncOnce();
      expect(resumed.reanchored).toBeUndefined();
      expect(resumed.halted).toBeUndefined();
      expect(await s().statusOf(p.id)).toBe('confirming');
      expect(live.status()).toMatchObject({ health: 'ok' });
      expect(gateway.chainAvailability.isOffered('LTC_REGTEST')).toBe(true);
      await s().mine(2);
      await live.syncOnce();
      expect(await s().statusOf(p.id)).toBe('confirmed');
    } finally {
      await live.stop();
    }
  });

  it('a node catching up with its network (initial block download) is waited for, not taken for a reset', async () => {
    const { watcher: live } = liveWatcher(s().test, 'LTC_REGTEST');
    const { gateway } = s().test.running;
    try {
      await live.syncOnce();
      // A fresh data dir with only the genesis block: the node says it is in initial block download.
      await s().node.wipe(0);
      expect(
        (await s().node.rpc.call<{ initialblockdownload: boolean }>('getblockchaininfo'))
          .initialblockdownload,
      ).toBe(true);
      await expect(live.syncOnce()).rejects.toThrow(/the node is catching up with its network/);
      expect(live.status().resetDetected).toBeUndefined();
      expect(await requestReanchor(gateway, 'LTC_REGTEST')).toEqual({
        state: 'no reset',
      });
      // Once it says it has caught up, a chain still without a common ancestor is a reset.
      await s().mine(101);
      expect(await live.syncOnce()).toEqual({ active: true, halted: true });
    } finally {
      await live.stop();
    }
  });
});
