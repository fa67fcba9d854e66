import { anvilAvailable } from '@cairn/anvil-node';
import { describe, expect, it } from 'vitest';
import { reorgPathsSuite } from '../chains/reorgPathsSuite.js';
import { useScenario } from '../chains/useScenario.js';
import { evmPathsDriver } from './evmPathsDriver.js';
import { payFromContract } from './payFromContract.js';
import { type EvmCoin, startEvmScenario } from './startEvmScenario.js';

// The reorg paths (reorgPathsSuite) on a real anvil, for the native coin and USDC: `anvil_reorg`
// (positional `[depth, []]`) replaces the last `depth` blocks and drops their transactions; a transfer
// mined again is its signed transaction sent again. anvil never marks logs `removed`: the watcher finds
// every reorg by block hash. Beside them, what is EVM's own: native coin credited from inside a contract.

describe.runIf(anvilAvailable('EVM reorg paths'))('EVM reorg paths on anvil', () => {
  const s = useScenario(() => startEvmScenario({ confirmations: 3 }));

  describe.each<EvmCoin>(['ETH', 'USDC'])('%s', (coin) => {
    reorgPathsSuite(evmPathsDriver(s, coin));
  });

  it('native coin credited from inside a contract, reorged out: removed, back to awaiting_payment', async () => {
    const p = await s().newPayment('ETH');
    const receipt = await payFromContract(s(), p.address, p.amount);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe('confirming');
    await s().anvil.request('anvil_reorg', [1, []]);
    await s().sync();
    const gone = await s().read(p.id);
    expect(gone.status).toBe('awaiting_payment');
    expect(gone.transactions).toEqual([
      expect.objectContaining({ tx_id: receipt.blockHash, status: 'removed' }),
    ]);
  });
});
