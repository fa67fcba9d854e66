import { anvilAvailable } from '@cairn/anvil-node';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachStrayFunds } from '../../src/domain/payments/attachStrayFunds.js';
import { listStrayFunds } from '../../src/domain/strayFunds/listStrayFunds.js';
import { sql } from '../api/apiHelpers.js';
import { eventNamesFor } from '../chains/eventsFor.js';
import { chromiumAvailable, launchChromium } from '../checkoutPage/browser.js';
import { type EvmScenario, startEvmScenario } from '../evm/startEvmScenario.js';
import { captureStrayFunds, pageText, signedInDashboard } from './strayFundsHelpers.js';

// Stray funds on a real anvil: ETH and USDT sent to a USDC payment's forwarder count toward nothing
// and are recorded as stray funds of the payment's business (with the payment whose address they
// reached), shown on the dashboard page and sent as stray_funds.found; they cannot be attached to
// another payment (the money sits on that forwarder); the next sweep moves them to the treasury;
// marking one refunded resolves it.

describe.runIf(anvilAvailable('stray funds on anvil'))('stray funds on anvil', () => {
  let s: EvmScenario;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [s, browser] = await Promise.all([
      startEvmScenario({ confirmations: 2 }),
      chromiumAvailable() ? launchChromium() : Promise.resolve(undefined),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  it('ETH and USDT sent to a USDC forwarder are recorded once, shown, and resolved by marking them refunded', async () => {
    const p = await s.newPayment('USDC');
    const ethTx = await s.pay('ETH', p.address, 10n ** 17n);
    await s.sync();
    // Recorded, but not at the payment's depth yet (1 of 2): no sweep moves it.
    expect(
      (await listStrayFunds(s.test.running.gateway, { businessId: s.test.businessId, mode: 'test' }))[0]?.row,
    ).toMatchObject({ tx_id: ethTx, confirmations: 1, sweep_id: null });
    expect(await s.settler.settleOnce()).toMatchObject({ active: true, sent: 0 });
    const usdtTx = await s.pay('USDT', p.address, 3_000_000n);
    await s.mine(s.confirmations);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);

    const gateway = s.test.running.gateway;
    const scope = { businessId: s.test.businessId, mode: 'test' as const };
    const items = await listStrayFunds(gateway, scope);
    expect(items.map((i) => i.row)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'other_coin',
          coin_symbol: 'ETH',
          tx_id: ethTx,
          output_index: -1,
          amount: (10n ** 17n).toString(),
          payment_id: p.id,
          address: p.address,
          confirmations: 2,
          status: 'open',
        }),
        expect.objectContaining({ kind: 'other_coin', coin_symbol: 'USDT', tx_id: usdtTx, payment_id: p.id }),
      ]),
    );
    expect(items).toHaveLength(2);
    // Found once each, whatever the number of depth reports.
    const events = await s.client.get('/events?type=stray_funds.found');
    // biome-ignore lint/suspicious/noExplicitAny: API body
    expect(events.body.data.map((e: any) => e.data.stray_funds.tx_id).sort()).toEqual([ethTx, usdtTx].sort());

    const dash = await signedInDashboard(s.test);
    const page = await dash.get('/dashboard/stray-funds');
    const text = pageText(page.body);
    expect(text).toContain('0.1 ETH on');
    expect(text).toContain('3 USDT on');
    expect(text).toContain(ethTx);
    expect(text).toContain(`Reached the address of ${p.id}`);
    expect(text).toContain('Cairn’s next sweep of the chain moves it there');
    expect(text).toContain('Not yet: the next sweep of the chain moves it to your treasury.');
    // No attach form for money that sits on another payment's forwarder.
    expect(page.body).not.toContain('/attach"');

    // The next sweep flushes both coins from the forwarder to the treasury (the payment's own coin
    // has nothing to sweep yet), once; the payment is not touched.
    const before = { ETH: await s.balanceOf(s.treasury, 'ETH'), USDT: await s.balanceOf(s.treasury, 'USDT') };
    expect(await s.settler.settleOnce()).toMatchObject({ sent: 1, errors: 0 });
    expect(await s.settler.settleOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(await s.balanceOf(s.treasury, 'ETH')).toBe(before.ETH + 10n ** 17n);
    expect(await s.balanceOf(s.treasury, 'USDT')).toBe(before.USDT + 3_000_000n);
    expect(await s.balanceOf(p.address, 'ETH')).toBe(0n);
    expect(await s.balanceOf(p.address, 'USDT')).toBe(0n);
    const [sweep] = await sql<{
      id: string;
      tx_hash: string;
      status: string;
      payment_ids: string[];
      tokens: string[];
    }>(s.test, 'select id, tx_hash, status, payment_ids, tokens from evm_sweeps where ? = any(payment_ids)', [
      p.id,
    ]);
    expect(sweep).toMatchObject({ status: 'confirmed', payment_ids: [p.id, p.id] });
    expect(sweep!.tokens.map((t) => t.toLowerCase()).sort()).toEqual(
      ['native', s.tokens.USDT.toLowerCase()].sort(),
    );
    const swept = await listStrayFunds(gateway, scope);
    expect(swept.map((i) => [i.row.sweep_id, i.sweep])).toEqual([
      [sweep!.id, { txHash: sweep!.tx_hash, status: 'confirmed' }],
      [sweep!.id, { txHash: sweep!.tx_hash, status: 'confirmed' }],
    ]);
    expect(await s.settler.settleOnce()).toMatchObject({ sent: 0, confirmed: 0 });
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);
    expect(pageText((await dash.get('/dashboard/stray-funds')).body)).toContain(
      `To your treasury in ${sweep!.tx_hash}`,
    );
    if (browser) await captureStrayFunds(browser, s.test, 'stray-funds-eth');

    const eth = items.find((i) => i.row.coin_symbol === 'ETH')!;
    const ethPayment = await s.newPayment('ETH');
    await expect(attachStrayFunds(gateway, scope, eth.row.id, ethPayment.id)).rejects.toMatchObject({
      code: 'INVALID_PAYMENT_STATE',
    });
    await dash.get('/dashboard/stray-funds');
    const done = await dash.post(`/dashboard/stray-funds/${eth.row.id}/refunded`, {
      note: 'flushed to the treasury and sent back',
    });
    expect(done.status).toBe(200);
    expect(pageText(done.body)).toContain('Marked refunded');
    const resolved = await s.client.get('/events?type=stray_funds.resolved');
    expect(resolved.body.data[0].data.stray_funds).toMatchObject({ id: eth.row.id, status: 'refunded' });
    // The USDC payment still takes its own coin.
    await s.pay('USDC', p.address, p.amount);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirming');
  });
});
