import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStrayFunds } from '../../src/domain/strayFunds/listStrayFunds.js';
import { type ChainScenario, startScenario } from '../chains/startChainScenario.js';
import { type TronNile, tronNile } from '../chains/tron/tronNile.js';
import { pageText, signedInDashboard } from './strayFundsHelpers.js';

// Stray funds on TRON (fake full node, the real watcher core): TRX sent to a USDT payment's
// forwarder counts toward nothing and is recorded as stray funds with the payment it reached.

describe('stray funds on TRON (fake full node)', () => {
  let s: ChainScenario<TronNile>;
  beforeAll(async () => {
    s = await startScenario(tronNile('USDT'), { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("records TRX sent to a USDT payment's forwarder and shows it", async () => {
    const p = await s.newPayment();
    s.node.tron.payTrx({ to: p.address, amountSun: 7_000_000n });
    s.node.tron.closeBlocks(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    const items = await listStrayFunds(s.test.running.gateway, {
      businessId: s.test.businessId,
      mode: 'test',
    });
    expect(items.map((i) => i.row)).toEqual([
      expect.objectContaining({
        kind: 'other_coin',
        chain_id: 'TRON_NILE',
        coin_symbol: 'TRX',
        amount: '7000000',
        payment_id: p.id,
        address: p.address,
        status: 'open',
      }),
    ]);
    const events = await s.client.get('/events?type=stray_funds.found');
    expect(events.body.data).toHaveLength(1);
    const dash = await signedInDashboard(s.test);
    expect(pageText((await dash.get('/dashboard/stray-funds')).body)).toContain('7 TRX on');
  });
});
