import { formatUnits } from '@cairn/chain-core';
import pino from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { createSecretCipher } from '../../src/domain/webhooks/createSecretCipher.js';
import { createWebhookContext } from '../../src/domain/webhooks/createWebhookContext.js';
import { decodeMasterKey } from '../../src/domain/webhooks/decodeMasterKey.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { loadConfig } from '../../src/platform/config/loadConfig.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
} from '../../src/workers/webhookDelivery/createWebhookDispatcher.js';
import { clientFor, newKey } from '../api/apiHelpers.js';
import {
  chromiumAvailable,
  launchChromium,
  screenshotDirFor,
  VIEWPORTS,
  type ViewportName,
  watchPage,
} from '../checkoutPage/browser.js';
import { checkoutUrl, createCheckoutPayment, lockedAmount } from '../checkoutPage/checkoutHelpers.js';
import { mineBlocks, payFor } from '../checkoutPage/payFor.js';
import { refundFromDeposit } from '../checkoutPage/refundFromDeposit.js';
import { type RegtestCheckout, startRegtestCheckout } from '../checkoutPage/startRegtestCheckout.js';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { type Receiver, startReceiver } from '../webhooks/webhookHarness.js';
import { checkDashboardPage } from './checkDashboardPage.js';

const chromiumReady = chromiumAvailable();
const litecoindReady = litecoindAvailable('merchant dashboard operations in a real browser');
vi.setConfig({ testTimeout: 240_000 });
const SCREENS = screenshotDirFor(import.meta.url);
const LIVE = { timeout: 60_000 };
const MASTER_KEY = 'b'.repeat(64);
const EXPLORER = 'https://explorer.example/ltc-regtest/tx/{tx_id}';

/**
 * The merchant's daily operating view (dashboard, part 2) in Debian's Chromium against the real
 * gateway watching a real `litecoind -regtest`: a payment paid short on-chain turns Underpaid on the
 * open payment page without a reload and the merchant accepts the shortfall; a refund the customer
 * asks for on the checkout is sent on-chain and recorded from the dashboard; a webhook endpoint
 * answering 500 shows its attempts, body and next retry, then a redelivery succeeds; a tolerance
 * change applies to the next payment only. Each page is checked with axe-core and captured at
 * desktop and phone width (`screenshots/`).
 */
describe.runIf(chromiumReady && litecoindReady)('merchant dashboard operations in a real browser', () => {
  const clock = new ManualClock(new Date());
  let chain: RegtestCheckout;
  let browser: Browser;
  let receiver: Receiver;
  let dispatcher: WebhookDispatcher;
  let sessionToken: string;
  let base: string;

  beforeAll(async () => {
    [chain, browser, receiver] = await Promise.all([
      startRegtestCheckout({
        clock,
        env: {
          CAIRN_MASTER_KEY: MASTER_KEY,
          CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
          CAIRN_CHAIN_LTC_REGTEST_EXPLORER_TX_URL: EXPLORER,
        },
      }),
      launchChromium(),
      startReceiver(),
    ]);
    const gateway = chain.test.running.gateway;
    base = `${chain.test.baseUrl}/dashboard`;
    const em = gateway.orm.em.fork();
    const business = await em.findOneOrFail(Business, { id: chain.test.businessId });
    ({ token: sessionToken } = await createSession(em, clock, {
      userId: business.userId,
      lifetime: { absoluteMs: 30 * 86_400_000, idleMs: 30 * 86_400_000 },
    }));
    // Webhook attempts are made by this dispatcher when the test says (after moving the clock).
    dispatcher = createWebhookDispatcher({
      databaseUrl: chain.test.running.databaseUrl,
      clock,
      log: pino({ level: 'silent' }),
      cipher: createSecretCipher(decodeMasterKey(MASTER_KEY)),
      allowPrivateFlag: true,
      concurrency: 4,
      leaseSeconds: 60,
      pollIntervalMs: 50,
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await chain?.stop();
  });

  async function signedIn(viewport: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ ...VIEWPORTS[viewport] });
    await context.addCookies([{ name: 'cairn_session', value: sessionToken, url: chain.test.baseUrl }]);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    return { context, page };
  }

  /** Checks the page (axe, only the gateway's origin, no console errors) and captures it. */
  const check = (page: Page, watch: ReturnType<typeof watchPage>, state: string, viewport: ViewportName) =>
    checkDashboardPage(page, watch, { state, viewport, origins: [chain.test.baseUrl], dir: SCREENS });

  /** Captures `page` at desktop, and `phoneUrl` (default: the same URL) freshly opened at phone width. */
  async function capture(page: Page, watch: ReturnType<typeof watchPage>, state: string, phoneUrl?: string) {
    await check(page, watch, state, 'desktop');
    const phone = await signedIn('phone');
    try {
      const phoneWatch = watchPage(phone.page);
      await phone.page.goto(phoneUrl ?? page.url());
      await check(phone.page, phoneWatch, state, 'phone');
    } finally {
      await phone.context.close();
    }
  }

  /** A refused form at phone width: `act` fills and sends it again in a fresh phone page. */
  async function capturePhone(state: string, url: string, act: (page: Page) => Promise<void>) {
    const phone = await signedIn('phone');
    try {
      const phoneWatch = watchPage(phone.page);
      await phone.page.goto(url);
      await act(phone.page);
      await check(phone.page, phoneWatch, state, 'phone');
    } finally {
      await phone.context.close();
    }
  }

  const badge = (page: Page, status: string) =>
    page.locator(`#payment-status[data-status="${status}"]`).waitFor(LIVE);

  it('follows an open payment live; an on-chain underpayment turns Underpaid and the merchant accepts it', async () => {
    const { context, page } = await signedIn('desktop');
    const watch = watchPage(page);
    await page.goto(`${base}/`);
    await capture(page, watch, 'home');

    const payment = await createCheckoutPayment(chain.test, { order_id: 'mug-1001' });
    const api = clientFor(chain.test.baseUrl, chain.test.apiKey);
    const picked = await api.post(`/checkout/${payment.id}/select-chain`, {
      chain_id: 'LTC_REGTEST',
      coin_symbol: 'LTC',
    });
    expect(picked.status, picked.text).toBe(200);
    await page.goto(`${base}/payments/${payment.id}`);
    await badge(page, 'awaiting_payment');
    await capture(page, watch, 'payment-awaiting');
    // A marker that a reload would wipe: the page changes in place.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });

    const locked = await lockedAmount(chain.test, payment.id);
    const half = locked / 2n;
    const txId = await payFor(chain, payment.id, half);
    await mineBlocks(chain, 6);
    await badge(page, 'underpaid');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.textContent('.live-status')).toContain('it is now Underpaid');
    expect(await page.getAttribute(`a[href*="${txId}"]`, 'href')).toBe(EXPLORER.replace('{tx_id}', txId));
    expect(await page.textContent('#amount-received')).toBe(`${formatUnits(half, 8)} LTC`);
    await capture(page, watch, 'payment-underpaid');

    // Home lists it; the list filters on it.
    await page.goto(`${base}/`);
    expect(await page.textContent('#attention-heading + ul')).toContain('1 underpaid payment');
    await capture(page, watch, 'home-attention');
    await page.goto(`${base}/payments`);
    await capture(page, watch, 'payments');
    await page.locator('summary', { hasText: 'Status' }).click();
    await page.getByLabel('Underpaid', { exact: true }).check();
    await page.getByRole('button', { name: 'Show payments' }).click();
    await page.waitForURL(/status=underpaid/);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await capture(page, watch, 'payments-underpaid');
    await page.getByRole('link', { name: /UTC/ }).first().click();
    await badge(page, 'underpaid');

    await page.getByRole('button', { name: 'Accept shortfall and confirm' }).click();
    await badge(page, 'confirmed');
    expect(await page.textContent('.notice.ok')).toContain('Shortfall accepted');
    expect((await api.get(`/payments/${payment.id}`)).body.data.status).toBe('confirmed');
    await capture(page, watch, 'payment-confirmed', `${base}/payments/${payment.id}`);
    await context.close();
  });

  it('records a refund the customer asked for on the checkout, sent on-chain from the merchant’s keys', async () => {
    const payment = await createCheckoutPayment(chain.test);
    const customer = await browser.newContext(VIEWPORTS.phone);
    const checkout = await customer.newPage();
    await checkout.goto(checkoutUrl(chain.test, payment.id));
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await checkout.locator('#status-heading[data-status="awaiting_payment"]').waitFor(LIVE);
    const locked = await lockedAmount(chain.test, payment.id);
    await payFor(chain, payment.id, (locked * 3n) / 10n);
    await checkout.locator('#status-heading[data-status="underpaid"]').waitFor(LIVE);
    const refundTo = await chain.node.rpc.call<string>('getnewaddress', ['refund', 'bech32']);
    await checkout.getByLabel('Your Litecoin Regtest address for the refund').fill(refundTo);
    await checkout.getByRole('button', { name: 'Request refund' }).click();
    await checkout.locator('#status-heading[data-status="refund_requested"]').waitFor(LIVE);
    await customer.close();

    const { context, page } = await signedIn('desktop');
    const watch = watchPage(page);
    await page.goto(`${base}/payments/${payment.id}`);
    await badge(page, 'refund_requested');
    expect(await page.textContent('#refund-address')).toBe(refundTo);
    await capture(page, watch, 'payment-refund-requested');

    const refund = await refundFromDeposit(chain, payment.id, refundTo);
    // More than arrived is refused, with the limit in coins; the typed values stay.
    await page.getByLabel('Transaction id of the refund').fill(refund.txId);
    await page.getByLabel('Amount refunded (LTC)').fill('5');
    await page.getByRole('button', { name: 'Record refund' }).click();
    await page.locator('#f-amount-error').waitFor();
    expect(await page.textContent('#f-amount-error')).toContain(
      `Enter at most ${formatUnits((locked * 3n) / 10n, 8)} LTC.`,
    );
    expect(await page.getByLabel('Transaction id of the refund').inputValue()).toBe(refund.txId);
    await check(page, watch, 'payment-refund-refused', 'desktop');
    await capturePhone('payment-refund-refused', `${base}/payments/${payment.id}`, async (phone) => {
      await phone.getByLabel('Transaction id of the refund').fill(refund.txId);
      await phone.getByLabel('Amount refunded (LTC)').fill('5');
      await phone.getByRole('button', { name: 'Record refund' }).click();
      await phone.locator('#f-amount-error').waitFor();
    });
    await page.getByLabel('Amount refunded (LTC)').fill(formatUnits(refund.amount, 8));
    await page.getByRole('button', { name: 'Record refund' }).click();
    await badge(page, 'refunded');
    expect(await page.textContent('.notice.ok')).toContain('Refund recorded');
    expect(await page.getAttribute(`a[href*="${refund.txId}"]`, 'href')).toBe(
      EXPLORER.replace('{tx_id}', refund.txId),
    );
    await capture(page, watch, 'payment-refunded', `${base}/payments/${payment.id}`);
    const body = (await clientFor(chain.test.baseUrl, chain.test.apiKey).get(`/payments/${payment.id}`)).body
      .data;
    expect(body.refunds).toEqual([
      expect.objectContaining({ tx_id: refund.txId, amount: refund.amount.toString() }),
    ]);
    await context.close();
  });

  it('shows a failing webhook endpoint’s attempts, body and next retry; a redelivery succeeds', async () => {
    const gateway = chain.test.running.gateway;
    const key = await newKey(chain.test);
    const config = loadConfig({
      DATABASE_URL: chain.test.running.databaseUrl,
      CAIRN_MASTER_KEY: MASTER_KEY,
      CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
    });
    await setWebhookEndpoint(createWebhookContext(gateway.orm.em.fork(), clock, config), {
      apiKeyId: key.id,
      url: `${receiver.url}/shop-hook`,
    });
    let answer = { status: 500, body: '{"error":"order service unavailable"}' };
    receiver.respond((r) => (r.path === '/shop-hook' ? answer : {}));
    const payment = await clientFor(chain.test.baseUrl, key.key).post('/payments', {
      fiat_amount: '12.00',
      fiat_currency: 'USD',
      accepted_tokens: ['LTC_REGTEST:LTC'],
    });
    await clientFor(chain.test.baseUrl, key.key).post(`/checkout/${payment.body.data.id}/select-chain`, {
      chain_id: 'LTC_REGTEST',
      coin_symbol: 'LTC',
    });
    expect(await dispatcher.deliverDue()).toBeGreaterThan(0);

    const { context, page } = await signedIn('desktop');
    const watch = watchPage(page);
    await page.goto(`${base}/`);
    expect(await page.textContent('#attention-heading + ul')).toContain('Webhook endpoint failing');
    await page.getByRole('link', { name: 'See the deliveries' }).click();
    await page.waitForURL(/\/webhooks\?key=/);
    const card = page.locator('article.delivery').first();
    expect(await card.textContent()).toContain('Retrying');
    expect(await card.locator('dd').nth(1).textContent()).toBe('1');
    expect(await card.locator('dd').nth(2).textContent()).toBe('500');
    expect(await card.locator('dd').nth(3).textContent()).toMatch(/UTC$/);
    await card.getByText('Latest response body').click();
    expect(await card.locator('pre.body').first().textContent()).toBe(answer.body);
    await card.getByText('Signed request body').click();
    expect(await card.locator('pre.body').nth(1).textContent()).toContain('"event": "payment.awaiting"');
    await capture(page, watch, 'webhooks-failing');

    // The endpoint answers 410 (a permanent refusal): the next attempt fails the delivery for good.
    answer = { status: 410, body: 'gone' };
    clock.advance(60_000);
    expect(await dispatcher.deliverDue()).toBeGreaterThan(0);
    await page.reload();
    expect(await page.locator('article.delivery').first().textContent()).toContain('Failed');
    answer = { status: 200, body: 'ok' };
    await page.getByRole('button', { name: 'Redeliver' }).first().click();
    await page.waitForURL(/notice=webhook-redelivered/);
    expect(await dispatcher.deliverDue()).toBeGreaterThan(0);
    await page.reload();
    const newest = page.locator('article.delivery').first();
    expect(await newest.textContent()).toContain('Delivered');
    expect(await newest.textContent()).toContain('Redelivery of');
    await capture(page, watch, 'webhooks-redelivered');
    await page.getByRole('link', { name: 'All events' }).click();
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    expect(await page.locator('article.delivery').first().textContent()).toContain('payment.awaiting');
    await capture(page, watch, 'events');
    const hooks = receiver.requests.filter((r) => r.path === '/shop-hook');
    expect(hooks).toHaveLength(3);
    expect(new Set(hooks.map((h) => h.body)).size).toBe(1);
    await context.close();
  });

  it('changes the tolerance for the next payment only; open payments keep their snapshot', async () => {
    const api = clientFor(chain.test.baseUrl, chain.test.apiKey);
    const before = await createCheckoutPayment(chain.test);
    const { context, page } = await signedIn('desktop');
    const watch = watchPage(page);
    await page.goto(`${base}/settings`);
    await page.getByLabel('Underpayment tolerance (%)').fill('25');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.locator('#f-underpayment_tolerance-error').waitFor();
    await check(page, watch, 'settings-preferences-refused', 'desktop');
    await capturePhone('settings-preferences-refused', `${base}/settings`, async (phone) => {
      await phone.getByLabel('Underpayment tolerance (%)').fill('25');
      await phone.getByRole('button', { name: 'Save preferences' }).click();
      await phone.locator('#f-underpayment_tolerance-error').waitFor();
    });
    await page.getByLabel('Underpayment tolerance (%)').fill('2');
    await page.getByLabel('Overpayment threshold (%)').fill('1.5');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.waitForURL(/notice=preferences-saved/);
    await capture(page, watch, 'settings-preferences');
    const after = await createCheckoutPayment(chain.test);
    expect(after.underpayment_tolerance_bps).toBe(200);
    expect(after.overpayment_threshold_bps).toBe(150);
    expect((await api.get(`/payments/${before.id}`)).body.data.underpayment_tolerance_bps).toBe(50);
    await page.goto(`${base}/payments/${after.id}`);
    expect(await page.textContent('.facts')).toContain('Underpayment tolerance2% (as when created)');
    await page.goto(`${base}/payments/${before.id}`);
    expect(await page.textContent('.facts')).toContain('Underpayment tolerance0.5% (as when created)');
    await page.goto(`${base}/audit`);
    expect(await page.textContent('main')).toContain('settings.payment_preferences_changed');

    // Prepaid Credit: both reserves, and this mode's ledger with the fee of the payment confirmed above.
    await page.getByRole('link', { name: 'Prepaid Credit' }).click();
    await page.getByRole('heading', { name: 'Ledger (test mode)' }).waitFor();
    expect(await page.textContent('main')).toContain('Sign-up grant');
    expect(await page.locator('tbody tr', { hasText: 'Platform fee' }).count()).toBeGreaterThan(0);
    expect(await page.textContent('#credit-live')).toBe('$50.00');
    expect(await page.textContent('main')).toContain(
      `cairn credit:top-up --business ${chain.test.businessId} --mode test --usd 50`,
    );
    await capture(page, watch, 'credit');
    await context.close();
  });
});
