import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { type TronNile, tronNile } from './tronNile.js';

// A TRON payment is final when its block is solidified (the node's /walletsolidity/getnowblock), not
// after a count of blocks on the latest one: against the fake full node, whose solidified block is
// set apart from the required depth here.

describe('TRON payments are confirmed by the solidified block (fake full node), required depth 19', () => {
  let s: ChainScenario<TronNile>;
  beforeAll(async () => {
    s = await startScenario(tronNile('TRX'), { confirmations: 19 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('19 blocks on the latest do not confirm a payment whose block is not solidified', async () => {
    s.node.tron.setSolidityLag(30);
    const p = await s.newPayment();
    await s.pay(p, p.amount); // its block, closed
    s.node.tron.closeBlocks(25);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirming');
    s.node.tron.closeBlocks(4); // 30 blocks after it: solidified
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirming');
    s.node.tron.closeBlocks(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
  });

  it('a payment whose block is solidified is confirmed, though fewer than 19 blocks follow it', async () => {
    s.node.tron.setSolidityLag(5);
    const p = await s.newPayment();
    await s.pay(p, p.amount);
    s.node.tron.closeBlocks(4);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirming');
    s.node.tron.closeBlocks(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    expect(s.node.tron.requests).toContain('/walletsolidity/getnowblock');
  });
});
