import type { ReorgDriver } from '../pathsDriver.js';
import type { ChainScenario } from '../startChainScenario.js';
import { type TronNile, tronNile } from './tronNile.js';

/**
 * TRON_NILE on the fake full node, in one coin, for the reorg suite: a reorg is the fake's `reorg` of
 * the blocks from the transfer's up (replaced by a longer branch); a transfer mined `again` is put back
 * in the pending pool (`keepTransactions`), which the next closed block takes.
 */
export function tronReorgDriver(scenario: () => ChainScenario<TronNile>, coin: 'TRX' | 'USDT'): ReorgDriver {
  return {
    token: tronNile(coin).token,
    seenInBlock: true,
    scenario,
    async reorgOut(txid, fate) {
      const { tron } = scenario().node;
      const response = await fetch(`${tron.url}/wallet/gettransactioninfobyid`, {
        method: 'POST',
        body: JSON.stringify({ value: txid }),
      });
      const { blockNumber } = (await response.json()) as { blockNumber?: number };
      if (blockNumber === undefined) throw new Error(`transaction ${txid} is in no block`);
      tron.reorg(tron.tip().height - blockNumber + 1, { keepTransactions: fate === 'again' });
    },
  };
}
