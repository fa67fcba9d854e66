import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addWallet } from '../../src/domain/wallets/addWallet.js';
import { Payment } from '../../src/platform/db/entities/index.js';
import { outboxOf } from '../api/apiHelpers.js';
import {
  type Monero,
  type MoneroWalletRpcProcess,
  moneroAvailable,
  startMonero,
} from '../harness/startMonero.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import { waitUntil } from '../harness/waitUntil.js';
import {
  chromiumAvailable,
  expectAccessible,
  expectOnlyOrigins,
  launchChromium,
  openPage,
  snap,
  VIEWPORTS,
  watchPage,
} from './browser.js';
import { checkoutUrl, createCheckoutPayment, lockedAmount, startCheckoutGateway } from './checkoutHelpers.js';

/** How long a page gets to show a state (a loaded 2-core machine, watcher polls, SSE). */
const LIVE = { timeout: 60_000 };

const chromiumReady = chromiumAvailable();
const moneroReady = moneroAvailable('Monero checkout in a real browser');
vi.setConfig({ testTimeout: 240_000 });

/**
 * The hosted checkout paid in XMR, in Debian's Chromium, against the real gateway with its chain
 * watchers running in the background (as in production) on a real monerod regtest: the customer
 * `transfer`s from the payer's wallet to the subaddress the page shows, blocks are mined with
 * `generateblocks`, and the page follows the payment to confirmed at the default 10 blocks. The
 * merchant's wallet is a full wallet in its own wallet RPC; the gateway has only its primary address
 * and private view key.
 */
describe.runIf(chromiumReady && moneroReady)('Monero checkout in a real browser', () => {
  let monero: Monero;
  let merchant: MoneroWalletRpcProcess;
  let gatewayWallets: MoneroWalletRpcProcess;
  let test: TestGateway;
  let browser: Browser;

  beforeAll(async () => {
    [monero, browser] = await Promise.all([startMonero(), launchChromium()]);
    merchant = await monero.startWalletRpc();
    await merchant.rpc.createWallet({ filename: 'merchant' });
    gatewayWallets = await monero.startWalletRpc();
    test = await startCheckoutGateway({
      watchers: true,
      env: {
        CAIRN_CHAIN_XMR_REGTEST_RPC_URL: monero.daemonUrl,
        CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: gatewayWallets.url,
        CAIRN_CHAIN_XMR_REGTEST_POLL_MS: '200',
      },
    });
    const { gateway } = test.running;
    const address = (await merchant.rpc.getAddress(0)).address;
    const viewKey = await merchant.rpc.queryKey('view_key');
    await addWallet(gateway.orm.em.fork(), gateway.clock, gateway.chains, {
      businessId: test.businessId,
      chainId: 'XMR_REGTEST',
      value: `${address}\n${viewKey}`,
    });
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute('update api_keys set allowed_tokens = allowed_tokens || ?::text[] where id = ?', [
        '{XMR_REGTEST:XMR}',
        test.apiKeyId,
      ]);
    const watcher = test.running.chainWatchers?.watchers.find((w) => w.chainId === 'XMR_REGTEST');
    if (!watcher) throw new Error('the gateway started no XMR_REGTEST watcher');
    const tip = await monero.height();
    await waitUntil(
      () => watcher.status().role === 'active' && watcher.status().cursorHeight === tip,
      `the XMR_REGTEST watcher to become active at height ${tip}`,
    );
    await waitUntil(() => gateway.chainAvailability.isOffered('XMR_REGTEST'), 'XMR_REGTEST to be offered');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await test?.stop();
    await monero?.stop();
  });

  it('pays with XMR: the subaddress, the exact amount, the QR of the monero: URI, the 2-hour window, the network warning; detected, confirming, confirmed', async () => {
    const payment = await createCheckoutPayment(test, { accepted_tokens: ['XMR_REGTEST:XMR'] });
    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(checkoutUrl(test, payment.id));
    expect(await page.locator('input[name="token"]').first().getAttribute('value')).toBe('XMR_REGTEST:XMR');
    await Promise.all([
      page.waitForURL(checkoutUrl(test, payment.id)),
      page.getByRole('button', { name: 'Continue to payment' }).click(),
    ]);
    await page.locator('#status-heading[data-status="awaiting_payment"]').waitFor(LIVE);

    const stored = await test.running.gateway.orm.em.fork().findOneOrFail(Payment, { id: payment.id });
    const primary = (await merchant.rpc.getAddress(0)).address;
    expect(stored.depositAddress).toMatch(/^8/);
    expect(stored.depositAddress).not.toBe(primary);
    expect(await page.textContent('#pay-address')).toBe(stored.depositAddress);
    const option = payment.chain_options.find((o) => o.chain_id === 'XMR_REGTEST')!;
    expect(option.display_amount).toBe('0.166666666667');
    // Shown rounded up to 6 places for reading; Copy and the URI keep the exact amount.
    expect(await page.textContent('#pay-amount')).toBe('≈0.166667');
    expect(await page.getAttribute('#pay-amount', 'data-copy-value')).toBe(option.display_amount);
    expect(stored.paymentUri).toBe(
      `monero:${stored.depositAddress}?tx_amount=0.166666666667&recipient_name=Cairn%20Dev%20Shop`,
    );
    expect(await page.getAttribute('a.button.primary', 'href')).toBe(stored.paymentUri);
    const qr = page.locator('.qr img');
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.textContent('.warning')).toContain('Send only XMR on the Monero Regtest network');
    expect(await page.textContent('[data-countdown]')).toMatch(/^(2:00:00|1:59:\d\d)$/);
    await expectAccessible(page);
    await snap(page, 'monero-awaiting-payment', 'desktop');
    const phone = await openPage(browser, page.url(), 'phone');
    await expectAccessible(phone.page);
    await snap(phone.page, 'monero-awaiting-payment', 'phone');
    await phone.context.close();

    // The customer's wallet pays the page's subaddress; the page follows without a reload.
    const locked = await lockedAmount(test, payment.id);
    const txId = await monero.send(stored.depositAddress!, locked);
    await page.locator('#status-heading[data-status="payment_detected"]').waitFor(LIVE);
    expect(await page.textContent('.confirmations')).toBe('Confirming: 0 of 10 blocks');
    expect(await page.textContent('.txs')).toContain(txId);
    await snap(page, 'monero-payment-detected', 'desktop');

    await monero.mine(1);
    await page.locator('#status-heading[data-status="confirming"]').waitFor(LIVE);
    await monero.mine(9);
    await page.locator('#status-heading[data-status="confirmed"]').waitFor(LIVE);
    await snap(page, 'monero-confirmed', 'desktop');

    // The money is in the merchant's own wallet.
    await merchant.rpc.refresh();
    const received = await merchant.rpc.getTransfers({ in: true, accountIndex: 0 });
    expect(received.in).toEqual([
      expect.objectContaining({ txid: txId, amount: locked, address: stored.depositAddress }),
    ]);

    expect(watched.errors).toEqual([]);
    expectOnlyOrigins(watched.requests, [test.baseUrl]);
    expect((await outboxOf(test, payment.id)).map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    await context.close();
  });
});
