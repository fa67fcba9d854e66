import type { Hex } from 'viem';
import { expect } from 'vitest';
import type { PathsDriver, PathsScenario, ReorgDriver } from '../chains/pathsDriver.js';
import type { EvmCoin, EvmScenario } from './startEvmScenario.js';

/**
 * ETH_LOCAL on anvil, in one coin, for the payment, expiry and reorg suites. Payments are seen in their
 * block (anvil mines each transaction at once); every new payment's address and URI are checked. A
 * reorg is `anvil_reorg` of the blocks from the transfer's up (positional `[depth, []]`: replaced by as
 * many empty blocks, the transfer dropped); a transfer mined `again` is the same signed transaction
 * sent again by the next `mine`, which it lands in.
 */
export function evmPathsDriver(
  scenario: () => EvmScenario,
  coin: EvmCoin,
  family: Omit<PathsDriver, 'scenario' | 'token' | 'seenInBlock'> = {},
): ReorgDriver {
  /** Signed transactions a reorg took out, to be mined again by the next `mine`. */
  const again: Hex[] = [];
  const paths = (s: EvmScenario): PathsScenario => ({
    test: s.test,
    confirmations: s.confirmations,
    async newPayment() {
      const p = await s.newPayment(coin);
      expect(p.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(p.paymentUri).toBe(
        coin === 'ETH'
          ? `ethereum:${p.address}@31337?value=${p.amount}`
          : `ethereum:${s.tokens[coin]}@31337/transfer?address=${p.address}&uint256=${p.amount}`,
      );
      return { id: p.id, address: p.address, memo: '', amount: p.amount };
    },
    pay: (p, amount) => s.pay(coin, p.address as Hex, amount),
    async mine(count) {
      let left = count;
      for (let raw = again.shift(); raw !== undefined; raw = again.shift()) {
        const hash = await s.anvil.request<Hex>('eth_sendRawTransaction', [raw]);
        const receipt = await s.chain.waitForTransactionReceipt({ hash, pollingInterval: 20 });
        expect(receipt.status).toBe('success');
        left -= 1;
      }
      if (left > 0) await s.mine(left);
    },
    sync: () => s.sync(),
    read: (id) => s.read(id),
    statusOf: (id) => s.statusOf(id),
    ledger: (id) => s.ledger(id),
    closeWindow: (id) => s.closeWindow(id),
    endLateGrace: (id) => s.endLateGrace(id),
    advance: (ms) => s.advance(ms),
  });
  return {
    token: `ETH_LOCAL:${coin}`,
    seenInBlock: true,
    scenario: () => paths(scenario()),
    ...family,
    async reorgOut(txid, fate) {
      const s = scenario();
      const hash = txid as Hex;
      const { blockNumber } = await s.chain.getTransactionReceipt({ hash });
      const depth = Number((await s.chain.getBlockNumber()) - blockNumber + 1n);
      const raw = await s.anvil.request<Hex>('eth_getRawTransactionByHash', [hash]);
      await s.anvil.request('anvil_reorg', [depth, []]);
      if (fate === 'again') again.push(raw);
    },
  };
}
