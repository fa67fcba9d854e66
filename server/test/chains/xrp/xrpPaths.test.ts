import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNamesFor, eventsFor } from '../eventsFor.js';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { ledgerPaymentPathsSuite } from '../ledgerPaymentPathsSuite.js';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { XRP_TESTNET, type XrpTestnet } from './xrpTestnet.js';

// The lifecycle paths on XRP_TESTNET through the rippled observer and the real watcher core, against
// a fake rippled serving rippled's own JSON-RPC format (no rippled runs here).

describe('payment paths on the XRP Ledger (fake rippled), required depth 1', () => {
  ledgerPaymentPathsSuite(XRP_TESTNET, { confirmations: 1, coin: 'XRP' });
});

describe('expiry paths on the XRP Ledger (fake rippled)', () => {
  expiryPathsSuite(XRP_TESTNET);
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
