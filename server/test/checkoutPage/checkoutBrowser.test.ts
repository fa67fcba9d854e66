import { parseUnits } from '@cairn/chain-core';
import type { Runner } from 'graphile-worker';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lockPayment } from '../../src/domain/payments/lockPayment.js';
import { transitionPayment } from '../../src/domain/payments/transitionPayment.js';
import { Payment } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { startWorkers } from '../../src/workers/jobs/startWorkers.js';
import { clientFor, outboxOf } from '../api/apiHelpers.js';
import { expectNoSeriousAxeViolations } from '../dashboard/axe.js';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import {
  chromiumAvailable,
  expectAccessible,
  expectNothingWiderThanViewport,
  expectOnlyOrigins,
  launchChromium,
  openPage,
  snap,
  startMerchantSite,
  VIEWPORTS,
  watchPage,
} from './browser.js';
import { checkoutUrl, createCheckoutPayment, lockedAmount } from './checkoutHelpers.js';
import { mineBlocks, payFor, reorgOut } from './payFor.js';
import { refundFromDeposit } from './refundFromDeposit.js';
import { type RegtestCheckout, startRegtestCheckout } from './startRegtestCheckout.js';

const MINUTE = 60_000;
/** How long a page gets to show a state (generous: a loaded 2-core machine, watcher polls, SSE). */
const LIVE = { timeout: 60_000 };

// Both are checked (each prints its own loud message when missing; under CI=true each throws).
const chromiumReady = chromiumAvailable();
const litecoindReady = litecoindAvailable('hosted checkout in a real browser');
// Each flow waits on a node, a watcher and a browser: room for a loaded 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

/**
 * The hosted checkout in Debian's Chromium against the real gateway (real HTTP, real PostgreSQL,
 * the real lifecycle, timers and server-sent events) watching a real `litecoind -regtest`: the
 * customer pays with `sendtoaddress`, blocks are mined with `generatetoaddress`, a reorg is
 * `invalidateblock` (`payFor.ts`), and the gateway's LTC_REGTEST watcher detects it all. The
 * merchant's wallet is an xpub of a seed the test holds, so the refund is a real transaction too.
 * Only `failed` is driven directly (see that test). Every state is captured at desktop and phone
 * width (`screenshots/`, see docs/operating/testing.md).
 */
describe.runIf(chromiumReady && litecoindReady)('hosted checkout in a real browser', () => {
  // The gateway's clock starts 61 minutes in the past: a 60-minute window opened now is already due
  // in real time, so the expiry test only has to move the clock to the present and start the workers.
  const clock = new ManualClock(new Date(Date.now() - 61 * MINUTE));
  let chain: RegtestCheckout;
  let test: TestGateway;
  let browser: Browser;
  let shop: Awaited<ReturnType<typeof startMerchantSite>>;
  let runner: Runner | undefined;

  beforeAll(async () => {
    [chain, browser, shop] = await Promise.all([
      startRegtestCheckout({ clock }),
      launchChromium(),
      startMerchantSite(),
    ]);
    test = chain.test;
  });
  afterAll(async () => {
    await browser?.close();
    await runner?.stop();
    await chain?.stop();
    await shop?.close();
  });

  /**
   * Screenshot of the live page, then the same URL freshly opened at phone width; both checked for
   * accessibility (axe and contrast) and for nothing wider than the viewport.
   */
  async function capture(page: Page, state: string): Promise<void> {
    await expectAccessible(page);
    await expectNoSeriousAxeViolations(page, `${state} (desktop)`);
    await expectNothingWiderThanViewport(page, `${state} (desktop)`);
    await snap(page, state, 'desktop');
    const phone = await openPage(browser, page.url(), 'phone');
    try {
      await expectAccessible(phone.page);
      await expectNoSeriousAxeViolations(phone.page, `${state} (phone)`);
      await expectNothingWiderThanViewport(phone.page, `${state} (phone)`);
      await snap(phone.page, state, 'phone');
    } finally {
      await phone.context.close();
    }
  }

  async function statusIs(page: Page, status: string): Promise<void> {
    await page.locator(`#status-heading[data-status="${status}"]`).waitFor(LIVE);
  }

  it('pays with LTC: picker, pay view, detected, confirming, confirmed, then back to the shop', async () => {
    const payment = await createCheckoutPayment(test, { success_url: `${shop.origin}/thanks?order=42` });
    const context = await browser.newContext(VIEWPORTS.desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: test.baseUrl });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(checkoutUrl(test, payment.id));

    // The picker: every option, the accepted one first and preselected.
    const options = page.locator('input[name="token"]');
    expect(await options.count()).toBe(payment.chain_options.length);
    expect(await options.first().getAttribute('value')).toBe('LTC_REGTEST:LTC');
    expect(await options.first().isChecked()).toBe(true);
    expect(await page.textContent('h1')).toContain('$25.00');
    await capture(page, 'picker');

    // Keyboard only: Tab to the checked option (focus visible), Tab to Continue, Enter.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name === 'token'))
        break;
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      'LTC_REGTEST:LTC',
    );
    const focusOutline = await page.evaluate(
      () => getComputedStyle(document.activeElement!.nextElementSibling!).outlineStyle,
    );
    expect(focusOutline).not.toBe('none');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue to payment');
    await Promise.all([page.waitForURL(checkoutUrl(test, payment.id)), page.keyboard.press('Enter')]);
    await statusIs(page, 'awaiting_payment');

    // The pay view: address, exact amount, QR, wallet link, countdown, network warning.
    const stored = await test.running.gateway.orm.em.fork().findOneOrFail(Payment, { id: payment.id });
    expect(await page.textContent('#pay-address')).toBe(stored.depositAddress);
    expect(stored.depositAddress).toMatch(/^rltc1/);
    const option = payment.chain_options.find((o) => o.chain_id === 'LTC_REGTEST')!;
    expect(await page.textContent('#pay-amount')).toBe(option.display_amount);
    expect(await page.getAttribute('a.button.primary', 'href')).toBe(stored.paymentUri);
    expect(stored.paymentUri).toMatch(/^litecoin:rltc1/);
    const qr = page.locator('.qr img');
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.textContent('.warning')).toContain('Send only LTC on the Litecoin Regtest network');
    const countdown = await page.textContent('[data-countdown]');
    expect(countdown).toMatch(/^(1:00:00|59:\d\d)$/);
    await page.waitForFunction(
      (before) => document.querySelector('[data-countdown]')?.textContent !== before,
      countdown,
    );
    expect(await page.isHidden('.nojs-only')).toBe(true);

    // Copy buttons put the exact text on the clipboard.
    await page.getByRole('button', { name: 'Copy deposit address' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.depositAddress);
    await page.getByRole('button', { name: 'Copy amount' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(option.display_amount);
    await page.locator('button[data-copy="pay-amount"]', { hasText: 'Copy' }).waitFor();
    await capture(page, 'awaiting-payment');

    // The customer pays; the page follows without a reload.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const locked = await lockedAmount(test, payment.id);
    const txId = await payFor(chain, payment.id, locked);
    // A real transaction of the node, paying the exact amount to the page's address.
    const onChain = await chain.node.rpc.call<{
      vout: { value: string; scriptPubKey: { addresses?: string[] } }[];
    }>('getrawtransaction', [txId, true]);
    expect(
      onChain.vout
        .filter((o) => o.scriptPubKey.addresses?.includes(stored.depositAddress!))
        .map((o) => parseUnits(String(o.value), 8)),
    ).toEqual([locked]);
    await statusIs(page, 'payment_detected');
    expect(await page.textContent('.confirmations')).toBe('Confirming: 0 of 6 blocks');
    expect(await page.textContent('.txs')).toContain(txId);
    await page.waitForFunction(
      () => document.getElementById('announcer')?.textContent === 'Payment detected',
    );
    await capture(page, 'payment-detected');

    await mineBlocks(chain, 1);
    await statusIs(page, 'confirming');
    expect(await page.textContent('.confirmations')).toBe('Confirming: 1 of 6 blocks');
    expect(
      await page.getByRole('progressbar', { name: 'Confirming: 1 of 6 blocks' }).getAttribute('value'),
    ).toBe('1');
    await mineBlocks(chain, 2);
    await page.locator('.confirmations', { hasText: 'Confirming: 3 of 6 blocks' }).waitFor(LIVE);
    await capture(page, 'confirming');

    await mineBlocks(chain, 3);
    await statusIs(page, 'confirmed');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await page.waitForFunction(
      () => document.getElementById('announcer')?.textContent === 'Payment confirmed',
    );
    expect(await page.textContent('.redirect')).toContain('Taking you back to Cairn Dev Shop');
    await capture(page, 'confirmed');
    await page.waitForURL(`${shop.origin}/thanks?order=42`, LIVE);

    expect(watched.errors).toEqual([]);
    expectOnlyOrigins(
      watched.requests.filter((url) => !url.startsWith(shop.origin)),
      [test.baseUrl],
    );
    expect((await outboxOf(test, payment.id)).map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    await context.close();
  });

  it('cancels for the customer after a confirmation, then lands on cancel_url', async () => {
    const payment = await createCheckoutPayment(test, { cancel_url: `${shop.origin}/cart` });
    const { context, page } = await openPage(browser, checkoutUrl(test, payment.id), 'desktop');
    const watched = watchPage(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await statusIs(page, 'awaiting_payment');
    await page.getByRole('link', { name: 'Cancel payment' }).click();
    await page.getByRole('heading', { name: 'Cancel this payment?' }).waitFor();
    await capture(page, 'cancel-confirmation');
    await Promise.all([
      page.waitForURL(`${shop.origin}/cart`, LIVE),
      page.getByRole('button', { name: 'Yes, cancel the payment' }).click(),
    ]);
    const events = await outboxOf(test, payment.id);
    expect(events.map((e) => e.event)).toEqual(['payment.awaiting', 'payment.cancelled']);
    expect(events[1]!.payload.data.cancelled_by).toBe('customer');
    expect(watched.errors).toEqual([]);

    await page.goto(checkoutUrl(test, payment.id));
    await statusIs(page, 'cancelled');
    expect(await page.textContent('#region-progress')).toContain('You cancelled this payment.');
    await capture(page, 'cancelled-by-customer');
    await context.close();
  });

  it('takes an underpayment: the rest with its own QR, a refused and an accepted refund address, then refunded', async () => {
    const payment = await createCheckoutPayment(test);
    const { context, page } = await openPage(browser, checkoutUrl(test, payment.id), 'desktop');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await statusIs(page, 'awaiting_payment');
    const locked = await lockedAmount(test, payment.id);
    const txId = await payFor(chain, payment.id, (locked * 6n) / 10n);
    await statusIs(page, 'underpaid');
    const option = payment.chain_options.find((o) => o.chain_id === 'LTC_REGTEST')!;
    const [whole, fraction = ''] = (await page.textContent('#rest-amount'))!.split('.');
    expect(BigInt(whole! + fraction.padEnd(8, '0'))).toBe(locked - (locked * 6n) / 10n);
    expect(await page.textContent('#region-progress')).toContain(txId);
    expect(await page.textContent('#region-progress')).toContain(`of ${option.display_amount} LTC`);
    const restQr = page.locator('.qr img');
    expect(await restQr.getAttribute('src')).toBe(`/checkout/${payment.id}/remainder-qr.svg`);
    expect(await restQr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getAttribute('a.button.primary', 'href')).toMatch(/^litecoin:rltc1\w+\?amount=/);
    await capture(page, 'underpaid');

    // A Bitcoin testnet address is refused with the reason tied to the field; the typed value stays.
    const field = page.getByLabel('Your Litecoin Regtest address for the refund');
    await field.fill('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    await page.getByRole('button', { name: 'Request refund' }).click();
    await page.locator('#refund-error').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(await page.textContent('#refund-error')).toContain('starts with rltc1');
    await expectAccessible(page);
    await snap(page, 'refund-address-refused', 'desktop');

    // The customer's own wallet gives the refund address.
    const refundTo = await chain.node.rpc.call<string>('getnewaddress', ['refund', 'bech32']);
    await page.getByLabel('Your Litecoin Regtest address for the refund').fill(refundTo);
    await page.getByRole('button', { name: 'Request refund' }).click();
    await statusIs(page, 'refund_requested');
    expect(await page.textContent('#region-progress')).toContain(refundTo);
    await capture(page, 'refund-requested');
    const events = await outboxOf(test, payment.id);
    expect(events.at(-1)!.event).toBe('payment.refund_requested');
    expect(events.at(-1)!.payload.data.payment.refund_address).toBe(refundTo);

    // The merchant sends the coins back from the deposit address (their seed's key) and records it;
    // the open page follows.
    const refund = await refundFromDeposit(chain, payment.id, refundTo);
    const refundTx = refund.txId;
    // Litecoin Core 0.21 lists an output's addresses as an array.
    const sent = await chain.node.rpc.call<{
      vout: { value: string; scriptPubKey: { addresses?: string[] } }[];
    }>('getrawtransaction', [refundTx, true]);
    expect(sent.vout.map((o) => [o.scriptPubKey.addresses, parseUnits(String(o.value), 8)])).toEqual([
      [[refundTo], refund.amount],
    ]);
    const recorded = await clientFor(test.baseUrl, test.apiKey).post(`/payments/${payment.id}/refunds`, {
      chain_id: 'LTC_REGTEST',
      coin_symbol: 'LTC',
      tx_id: refundTx,
      amount: refund.amount.toString(),
    });
    expect(recorded.status, recorded.text).toBe(201);
    await statusIs(page, 'refunded');
    expect(await page.textContent('#region-progress')).toContain(refundTx);
    await capture(page, 'refunded');
    await context.close();
  });

  it('pays after cancelling: the open page follows the money, takes a refund address, shows the refund', async () => {
    // A customer who pays and presses Cancel before the watcher sees it ends up here too; paying just
    // after the cancel makes the order deterministic (the watcher polls every 200 ms).
    const payment = await createCheckoutPayment(test);
    const { context, page } = await openPage(browser, checkoutUrl(test, payment.id), 'desktop');
    const watched = watchPage(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await statusIs(page, 'awaiting_payment');
    await page.getByRole('link', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
    await statusIs(page, 'cancelled');

    const locked = await lockedAmount(test, payment.id);
    const txId = await payFor(chain, payment.id, locked);
    // The cancelled page keeps listening: the sighting shows up without a reload.
    const progress = page.locator('#region-progress');
    await progress.getByText('was seen after the payment was closed').waitFor(LIVE);
    expect(await progress.textContent()).toContain(txId);
    await mineBlocks(chain, 6);
    await progress.getByText('arrived after this payment was closed').waitFor(LIVE);
    await statusIs(page, 'cancelled');
    await capture(page, 'paid-after-cancel');
    const events = await outboxOf(test, payment.id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.cancelled',
      'payment.received_after_close',
    ]);
    expect(events[2]!.payload.data).toMatchObject({ tx_id: txId, amount: locked.toString() });

    const refundTo = await chain.node.rpc.call<string>('getnewaddress', ['refund', 'bech32']);
    await page.getByLabel('Your Litecoin Regtest address for the refund').fill(refundTo);
    await page.getByRole('button', { name: 'Request refund' }).click();
    await progress.getByText(`has been asked to send it back to ${refundTo}`).waitFor(LIVE);
    expect((await outboxOf(test, payment.id)).at(-1)!.payload.data.payment).toMatchObject({
      status: 'cancelled',
      refund_address: refundTo,
    });

    // The merchant sends it back from the deposit address and records it; the open page follows.
    const refund = await refundFromDeposit(chain, payment.id, refundTo);
    const recorded = await clientFor(test.baseUrl, test.apiKey).post(`/payments/${payment.id}/refunds`, {
      chain_id: 'LTC_REGTEST',
      coin_symbol: 'LTC',
      tx_id: refund.txId,
      amount: refund.amount.toString(),
    });
    expect(recorded.status, recorded.text).toBe(201);
    await progress.getByText(refund.txId).waitFor(LIVE);
    await statusIs(page, 'cancelled');
    await capture(page, 'paid-after-cancel-refunded');
    expect(watched.errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: pick, pay view, refresh link, cancel', async () => {
    const payment = await createCheckoutPayment(test);
    const { context, page } = await openPage(browser, checkoutUrl(test, payment.id), 'phone', {
      javaScriptEnabled: false,
    });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await statusIs(page, 'awaiting_payment');
    expect(await page.textContent('#pay-address')).toMatch(/^rltc1/);
    expect(await page.isVisible('.nojs-only')).toBe(true);
    expect(await page.locator('button[data-copy]').first().isHidden()).toBe(true);
    expect(await page.textContent('[data-countdown]')).toBe('1:00:00');
    await snap(page, 'awaiting-payment-no-javascript', 'phone');
    await page.getByRole('link', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
    await statusIs(page, 'cancelled');
    await context.close();
  });

  it('says plainly when the merchant cancelled, when a payment failed, and when there is no such payment', async () => {
    const client = clientFor(test.baseUrl, test.apiKey);
    const byMerchant = await createCheckoutPayment(test);
    expect((await client.delete(`/payments/${byMerchant.id}`)).status).toBe(200);
    const one = await openPage(browser, checkoutUrl(test, byMerchant.id), 'desktop');
    await statusIs(one.page, 'cancelled');
    expect(await one.page.textContent('#region-progress')).toContain('The merchant cancelled this payment.');
    await capture(one.page, 'cancelled-by-merchant');
    await one.context.close();

    // SYNTHETIC on purpose: failed comes only from gasless settlement (EVM), which has no adapter yet,
    // so no node can produce it. Drive the lifecycle's settlement_failed event directly, as that relay
    // will.
    const failing = await createCheckoutPayment(test);
    await client.post(`/checkout/${failing.id}/select-chain`, { token: 'LTC_REGTEST:LTC' });
    const two = await openPage(browser, checkoutUrl(test, failing.id), 'desktop');
    await statusIs(two.page, 'awaiting_payment');
    const gateway = test.running.gateway;
    await gateway.orm.em.fork().transactional(async (em) => {
      const locked = await lockPayment(em, { businessId: test.businessId, mode: 'test' }, failing.id);
      await transitionPayment(gateway, em, locked, {
        type: 'settlement_failed',
        reason: 'estimate_revert',
      });
    });
    await statusIs(two.page, 'failed');
    expect(await two.page.textContent('#region-progress')).toContain('the transaction would have failed');
    await capture(two.page, 'failed');
    await two.context.close();

    const three = await openPage(
      browser,
      checkoutUrl(test, '00000000-0000-4000-8000-000000000000'),
      'desktop',
    );
    expect(await three.page.textContent('h1')).toBe('Payment not found');
    await capture(three.page, 'not-found');
    await three.context.close();
  });

  it('expires with the clock moved: live expired, expired_underpaid with the refund form, expired_reorged', async () => {
    const client = clientFor(test.baseUrl, test.apiKey);
    const unpaid = await createCheckoutPayment(test, { cancel_url: `${shop.origin}/cart` });
    const partial = await createCheckoutPayment(test);
    const reorged = await createCheckoutPayment(test);
    for (const p of [unpaid, partial, reorged]) {
      expect((await client.post(`/checkout/${p.id}/select-chain`, { token: 'LTC_REGTEST:LTC' })).status).toBe(
        200,
      );
    }
    // In separate blocks, so the reorg below takes out only the second payment's transaction.
    await payFor(chain, partial.id, (await lockedAmount(test, partial.id)) / 4n);
    await mineBlocks(chain, 1);
    const reorgTx = await payFor(chain, reorged.id, await lockedAmount(test, reorged.id));
    await mineBlocks(chain, 6);

    const open = await openPage(browser, checkoutUrl(test, unpaid.id), 'desktop');
    await statusIs(open.page, 'awaiting_payment');
    // Move the clock past expires_at and let the real timer job fire.
    clock.set(new Date());
    runner = await startWorkers(test.running.gateway, test.running.databaseUrl);
    await statusIs(open.page, 'expired');
    expect(await open.page.textContent('#region-progress')).toContain('Do not send coins to this address');
    expect(await open.page.getAttribute('#region-actions a', 'href')).toBe(`${shop.origin}/cart`);
    await capture(open.page, 'expired');
    await open.context.close();

    const second = await openPage(browser, checkoutUrl(test, partial.id), 'desktop');
    await statusIs(second.page, 'expired_underpaid');
    expect(await second.page.isVisible('#refund-address')).toBe(true);
    await capture(second.page, 'expired-underpaid');
    await second.context.close();

    const third = await openPage(browser, checkoutUrl(test, reorged.id), 'desktop');
    await statusIs(third.page, 'confirmed');
    await reorgOut(chain, reorgTx);
    await statusIs(third.page, 'expired_reorged');
    expect(await third.page.textContent('#region-progress')).toContain('removed your transaction');
    await capture(third.page, 'expired-reorged');
    await third.context.close();
  });
});
