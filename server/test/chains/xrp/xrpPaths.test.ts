import { xAddressToClassicAddress } from '@cairn/chain-xrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWalletAdvice } from '../../../src/domain/wallets/readWalletAdvice.js';
import { eventNamesFor, eventsFor } from '../eventsFor.js';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { chainPathsDriver } from '../pathsDriver.js';
import { paymentPathsSuite } from '../paymentPathsSuite.js';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { XRP_TESTNET, type XrpTestnet } from './xrpTestnet.js';

// The lifecycle paths on XRP_TESTNET through the rippled observer and the real watcher core, against
// a fake rippled serving rippled's own JSON-RPC format (no rippled runs here).

describe('payment paths on the XRP Ledger (fake rippled), required depth 1', () => {
  const s = useScenario(() => startScenario(XRP_TESTNET, { confirmations: 1 }));
  paymentPathsSuite(
    chainPathsDriver(s, XRP_TESTNET, { payWithoutMemo: (p, amount) => s().node.send(p.address, amount) }),
  );
});

describe('expiry paths on the XRP Ledger (fake rippled)', () => {
  const s = useScenario(() => startScenario(XRP_TESTNET, { confirmations: 2 }));
  expiryPathsSuite(chainPathsDriver(s, XRP_TESTNET));
});

describe('attacks on the XRP Ledger (fake rippled)', () => {
  let s: ChainScenario<XrpTestnet>;
  beforeAll(async () => {
    s = await startScenario(XRP_TESTNET, { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('a partial payment whose Amount is the full price but delivers 10%: credited the 10% it delivered', async () => {
    const p = await s.newPayment();
    s.node.deliverPercent = 10n;
    const txid = await s.pay(p, p.amount);
    s.node.deliverPercent = undefined;
    await s.sync();
    const read = await s.read(p.id);
    expect(read.status).toBe('underpaid');
    expect(read.transactions).toEqual([
      expect.objectContaining({ tx_id: txid, amount: (p.amount / 10n).toString() }),
    ]);
    const underpaid = (await eventsFor(s.test, p.id)).find((e) => e.event === 'payment.underpaid');
    expect(underpaid?.data.amount_due).toBe((p.amount - p.amount / 10n).toString());
  });

  it('the checkout shows the destination tag as required and the X-address that carries it', async () => {
    const p = await s.newPayment();
    const page = await fetch(`${s.test.baseUrl}/checkout/${p.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Destination tag (required)');
    expect(html).toContain(`id="pay-memo">${p.memo}</code>`);
    expect(html).toContain('Without this destination tag your payment cannot be matched');
    // Shown in groups of four; copied whole (data-copy-value).
    const xAddress = /id="pay-alternate" data-copy-value="(T[1-9A-HJ-NP-Za-km-z]+)">/.exec(html)?.[1];
    expect(xAddress).toBeDefined();
    // The X-address is this payment's address and tag, on the test network.
    expect(xAddressToClassicAddress(xAddress!)).toEqual({
      classicAddress: p.address,
      tag: Number(p.memo),
      test: true,
    });
  });

  it('tells the merchant what the ledger says about the account: not funded, no RequireDest, nothing once it is set', async () => {
    const { gateway } = s.test.running;
    const merchant = s.node.merchant;
    expect((await readWalletAdvice(gateway, 'XRP_TESTNET', merchant))[0]).toContain(
      `The account ${merchant} does not exist on the XRP Ledger Testnet yet`,
    );
    s.node.rippled.setAccount(merchant, { requireDest: false });
    expect((await readWalletAdvice(gateway, 'XRP_TESTNET', merchant))[0]).toContain('turn on RequireDest');
    s.node.rippled.setAccount(merchant, { requireDest: true });
    expect(await readWalletAdvice(gateway, 'XRP_TESTNET', merchant)).toEqual([]);
    // A node that cannot be read gives no advice (and no error): the wallet was added all the same.
    s.node.rippled.setUnavailable(true);
    try {
      expect(await readWalletAdvice(gateway, 'XRP_TESTNET', merchant)).toEqual([]);
    } finally {
      s.node.rippled.setUnavailable(false);
    }
  });

  it('a failed payment (tecPATH_PARTIAL) and an issued-currency payment with the right tag credit nothing', async () => {
    const p = await s.newPayment();
    const tag = Number(p.memo);
    s.node.rippled.payFailed({ to: p.address, tag, amountDrops: p.amount });
    s.node.rippled.payIssued({ to: p.address, tag, currency: 'USD', value: '25' });
    await s.sync();
    const read = await s.read(p.id);
    expect(read.status).toBe('awaiting_payment');
    expect(read.transactions).toEqual([]);
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);
  });
});
