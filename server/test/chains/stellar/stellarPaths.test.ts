import { muxedAddressOf } from '@cairn/chain-stellar';
import { Keypair } from '@cairn/chain-stellar/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNamesFor } from '../eventsFor.js';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { chainPathsDriver } from '../pathsDriver.js';
import { paymentPathsSuite } from '../paymentPathsSuite.js';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { type StellarTestnet, stellarTestnet, TESTNET_USDC_ISSUER } from './stellarTestnet.js';

// The lifecycle paths on XLM_TESTNET through the Horizon observer and the real watcher core, against
// a fake Horizon serving Horizon's own format (no stellar-core or Horizon runs here).

describe.each([
  ['XLM', 1],
  ['XLM', 3],
  ['USDC', 1],
] as const)('payment paths on Stellar (fake Horizon), %s, required depth %i', (coin, confirmations) => {
  const s = useScenario(() => startScenario(stellarTestnet(coin), { confirmations }));
  paymentPathsSuite(
    chainPathsDriver(s, stellarTestnet(coin), {
      payWithoutMemo: (p, amount) => s().node.send(p.address, amount),
    }),
  );
});

describe('expiry paths on Stellar (fake Horizon)', () => {
  const s = useScenario(() => startScenario(stellarTestnet(), { confirmations: 2 }));
  expiryPathsSuite(chainPathsDriver(s, stellarTestnet()));
});

describe('muxed addresses, the checkout and attacks on Stellar (fake Horizon)', () => {
  let s: ChainScenario<StellarTestnet>;
  beforeAll(async () => {
    s = await startScenario(stellarTestnet('USDC'), { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('the checkout shows the ID memo as required and the muxed address that carries it; paying the muxed address confirms', async () => {
    const p = await s.newPayment();
    const html = await (await fetch(`${s.test.baseUrl}/checkout/${p.id}`)).text();
    expect(html).toContain('Memo (ID, required)');
    expect(html).toContain(`id="pay-memo">${p.memo}</code>`);
    const muxed = muxedAddressOf(p.address, p.memo);
    // Shown in groups of four; copied whole (data-copy-value).
    expect(html).toContain(`id="pay-alternate" data-copy-value="${muxed}">`);
    s.node.payTo = 'muxed';
    try {
      await s.pay(p, p.amount);
    } finally {
      s.node.payTo = 'memo';
    }
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
  });

  it('USDC of another issuer (same code) with the right memo is not USDC: nothing credited', async () => {
    const p = await s.newPayment();
    const impostor = Keypair.random().publicKey();
    expect(impostor).not.toBe(TESTNET_USDC_ISSUER);
    s.node.asset = { code: 'USDC', issuer: impostor };
    try {
      await s.pay(p, p.amount);
    } finally {
      s.node.asset = { code: 'USDC', issuer: TESTNET_USDC_ISSUER };
    }
    await s.sync();
    const read = await s.read(p.id);
    expect(read.status).toBe('awaiting_payment');
    expect(read.transactions).toEqual([]);
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);
  });

  it('XLM paid to a USDC payment is not USDC: nothing credited', async () => {
    const p = await s.newPayment();
    s.node.asset = 'XLM';
    try {
      await s.pay(p, p.amount);
    } finally {
      s.node.asset = { code: 'USDC', issuer: TESTNET_USDC_ISSUER };
    }
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
  });
});

describe('a Horizon whose history starts five ledgers below its tip, printing to_muxed_id as a number', () => {
  // The watcher's first start reads ten ancestors of the tip; this Horizon has five.
  const s = useScenario(() =>
    startScenario(stellarTestnet('XLM', { startLedger: 20, historyFrom: 15, muxedIdAsNumber: true }), {
      confirmations: 1,
    }),
  );

  it('syncs, and a payment to the muxed address confirms', async () => {
    const p = await s().newPayment();
    s().node.payTo = 'muxed';
    try {
      await s().pay(p, p.amount);
    } finally {
      s().node.payTo = 'memo';
    }
    await s().sync();
    expect(await s().statusOf(p.id)).toBe('confirmed');
  });
});
