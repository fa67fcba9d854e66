import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStrayFunds } from '../../src/domain/strayFunds/listStrayFunds.js';
import { type ChainScenario, startScenario } from '../chains/startChainScenario.js';
import { type StellarTestnet, stellarTestnet } from '../chains/stellar/stellarTestnet.js';
import { pageText, signedInDashboard } from './strayFundsHelpers.js';

// Stray funds on Stellar (fake Horizon, the real watcher core): an XLM payment to the merchant's
// account without its memo is recorded as stray funds (not only logged) and can be attached.

describe('stray funds on Stellar (fake Horizon)', () => {
  let s: ChainScenario<StellarTestnet>;
  beforeAll(async () => {
    s = await startScenario(stellarTestnet('XLM'), { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('records an XLM payment without its memo, and attaching it confirms the payment', async () => {
    const p = await s.newPayment();
    const txid = await s.node.send(p.address, p.amount);
    await s.mine(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    const scope = { businessId: s.test.businessId, mode: 'test' as const };
    const [item] = await listStrayFunds(s.test.running.gateway, scope);
    expect(item?.row).toMatchObject({
      kind: 'missing_memo',
      coin_symbol: 'XLM',
      tx_id: txid,
      address: p.address,
      amount: p.amount.toString(),
    });
    expect(item?.candidates[0]).toMatchObject({ id: p.id, likely: true });
    const dash = await signedInDashboard(s.test);
    const page = await dash.get('/dashboard/stray-funds');
    expect(pageText(page.body)).toContain('without the memo of an open payment');
    const attached = await dash.post(`/dashboard/stray-funds/${item!.row.id}/attach`, { payment_id: p.id });
    expect(attached.status).toBe(200);
    expect(await s.statusOf(p.id)).toBe('confirmed');
  });
});
