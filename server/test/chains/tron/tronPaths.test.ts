import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNamesFor } from '../eventsFor.js';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { chainPathsDriver } from '../pathsDriver.js';
import { paymentPathsSuite } from '../paymentPathsSuite.js';
import { reorgPathsSuite } from '../reorgPathsSuite.js';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { type TronNile, tronNile } from './tronNile.js';
import { tronReorgDriver } from './tronReorgDriver.js';

// The lifecycle paths (the shared payment, expiry and reorg suites) on TRON_NILE through the TRON
// observer and the real watcher core, against a fake java-tron full node serving the HTTP API's own
// format (no TRON node runs here). A payment is first seen in its block; 19 blocks (solidified) make it
// final, and a reorg can only take back what is younger. Beside them, what is TRON's own: TRX sent from
// inside a contract, a look-alike token, the checkout's single address.

describe.each(['TRX', 'USDT'] as const)(
  'payment paths on TRON in %s (fake full node), required depth 19 (solidified)',
  (coin) => {
    const s = useScenario(() => startScenario(tronNile(coin), { confirmations: 19 }));
    paymentPathsSuite(
      chainPathsDriver(s, tronNile(coin), {
        // The payer's own account is no deposit address.
        payElsewhere: (p) => s().node.send(s().node.tron.payer, p.amount),
      }),
    );
  },
);

describe('expiry paths on TRON (fake full node)', () => {
  const s = useScenario(() => startScenario(tronNile('TRX'), { confirmations: 2 }));
  expiryPathsSuite(chainPathsDriver(s, tronNile('TRX')));
});

describe.each(['TRX', 'USDT'] as const)(
  'reorg paths on TRON in %s before the solidified depth (fake full node), required depth 3',
  (coin) => {
    const s = useScenario(() => startScenario(tronNile(coin), { confirmations: 3 }));
    reorgPathsSuite(tronReorgDriver(s, coin));
  },
);

describe('attacks and odd transfers on TRON (fake full node)', () => {
  let s: ChainScenario<TronNile>;
  beforeAll(async () => {
    s = await startScenario(tronNile('TRX'), { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('TRX sent from inside a contract is credited; an inner call that was rejected is not', async () => {
    const p = await s.newPayment();
    s.node.tron.payInternalTrx({ to: p.address, amountSun: p.amount, rejected: true });
    s.node.tron.closeBlocks(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    const txid = s.node.tron.payInternalTrx({ to: p.address, amountSun: p.amount });
    s.node.tron.closeBlocks(1);
    await s.sync();
    const read = await s.read(p.id);
    expect(read.status).toBe('confirmed');
    expect(read.transactions).toEqual([
      expect.objectContaining({ tx_id: txid, amount: p.amount.toString() }),
    ]);
  });

  it('a Transfer log from a look-alike token that also calls itself USDT credits nothing', async () => {
    const usdt = await startScenario(tronNile('USDT'), { confirmations: 1 });
    try {
      const p = await usdt.newPayment();
      usdt.node.tron.payFakeUsdt({ to: p.address, amount: p.amount });
      usdt.node.tron.payTrc20Reverted({
        contract: usdt.node.tron.usdtContract,
        to: p.address,
        amount: p.amount,
      });
      usdt.node.tron.closeBlocks(1);
      await usdt.sync();
      expect(await usdt.read(p.id)).toMatchObject({ status: 'awaiting_payment', transactions: [] });
      // TRX to a USDT payment's address is not USDT either: the payment waits for its own coin.
      usdt.node.tron.payTrx({ to: p.address, amountSun: p.amount });
      usdt.node.tron.closeBlocks(1);
      await usdt.sync();
      expect(await usdt.statusOf(p.id)).toBe('awaiting_payment');
      const txid = await usdt.pay(p, p.amount);
      await usdt.sync();
      expect((await usdt.read(p.id)).transactions).toEqual([
        expect.objectContaining({ tx_id: txid, amount: p.amount.toString() }),
      ]);
      expect(await eventNamesFor(usdt.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    } finally {
      await usdt.stop();
    }
  });

  it('the checkout shows one address and no memo for TRON', async () => {
    const p = await s.newPayment();
    const html = await (await fetch(`${s.test.baseUrl}/checkout/${p.id}`)).text();
    expect(html).toContain(p.address);
    expect(html).not.toContain('id="pay-memo"');
    expect(html).not.toContain('id="pay-alternate"');
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);
  });
});
