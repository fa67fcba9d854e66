import { getChain, getCoin } from '@cairn/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Payment } from '../../src/platform/db/entities/index.js';
import { checkoutPaths } from '../../src/surfaces/checkoutPage/render/checkoutPaths.js';
import { messages } from '../../src/surfaces/checkoutPage/render/messages.js';
import { renderPayDetails } from '../../src/surfaces/checkoutPage/render/renderPayDetails.js';
import { clientFor } from '../api/apiHelpers.js';
import { expectNoSeriousAxeViolations } from '../dashboard/axe.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import {
  chromiumAvailable,
  expectAccessible,
  expectNothingWiderThanViewport,
  launchChromium,
  snap,
  VIEWPORTS,
  type ViewportName,
  watchPage,
} from './browser.js';
import { checkoutUrl, createCheckoutPayment, lockedAmount, startCheckoutGateway } from './checkoutHelpers.js';
import { reportSyntheticTransfer } from './reportSyntheticTransfer.js';

const LIVE = { timeout: 30_000 };
const chromiumReady = chromiumAvailable();
vi.setConfig({ testTimeout: 120_000 });

/** 10 EUR at 3000 EUR/ETH rounded up to the wei: the amount the issue saw as `0.003333333333333334 ETH`. */
const ETH_AMOUNT = '3333333333333334';
const ETH_ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

/**
 * How the checkout reads, in Chromium at desktop (1280x800) and phone (390x844) width: amounts rounded
 * for reading with the exact one on Copy, the countdown first, confirmations in words and a bar,
 * addresses in groups never broken inside a group, and the payment link's Pay button clear of the
 * line above. Each state passes axe (no serious or critical violation), the contrast check, and the
 * "nothing wider than the viewport" check, and is captured as `reading-*` (`screenshots/`). The chain
 * is not needed: transfers are reported synthetically (`reportSyntheticTransfer`), and the ETH pay view
 * is the real template served in the real page (the test gateway enables no EVM chain).
 */
describe.runIf(chromiumReady)('checkout reading in a real browser', () => {
  let test: TestGateway;
  let browser: Browser;

  beforeAll(async () => {
    [test, browser] = await Promise.all([startCheckoutGateway(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await test?.stop();
  });

  async function check(page: Page, state: string, viewport: ViewportName): Promise<void> {
    await expectNoSeriousAxeViolations(page, `${state} (${viewport})`);
    await expectAccessible(page);
    await expectNothingWiderThanViewport(page, `${state} (${viewport})`);
    await snap(page, `reading-${state}`, viewport);
  }

  async function open(viewport: ViewportName, url: string) {
    const context = await browser.newContext(VIEWPORTS[viewport]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: test.baseUrl });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(url);
    return { context, page, watched };
  }

  /** Every group of the address sits on one line: a line never breaks inside a group. */
  async function expectGroupsWhole(page: Page, selector: string): Promise<number> {
    const lines = await page
      .locator(`${selector} span`)
      .evaluateAll((spans) => spans.map((span) => span.getClientRects().length));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((n) => n === 1)).toBe(true);
    return lines.length;
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`LTC at ${viewport} width: picker, pay view with the countdown first, confirming with a bar`, async () => {
      const payment = await createCheckoutPayment(test);
      const { context, page, watched } = await open(viewport, checkoutUrl(test, payment.id));
      expect(await page.textContent('body')).not.toContain('base units');
      await check(page, 'picker', viewport);

      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.locator('#status-heading[data-status="awaiting_payment"]').waitFor(LIVE);
      const stored = await test.running.gateway.orm.em.fork().findOneOrFail(Payment, { id: payment.id });
      // The countdown is above the amount and the address, near the top of the page.
      const countdown = (await page.locator('[data-countdown]').boundingBox())!;
      expect(countdown.y).toBeLessThan((await page.locator('#pay-amount').boundingBox())!.y);
      expect(countdown.y).toBeLessThan(VIEWPORTS[viewport].viewport.height);
      // The address in groups of 4, each on one line; Copy gives it without spaces.
      const groups = await expectGroupsWhole(page, '#pay-address');
      expect(groups).toBe(Math.ceil(stored.depositAddress!.length / 4));
      await page.getByRole('button', { name: 'Copy deposit address' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.depositAddress);
      await check(page, 'awaiting-payment', viewport);

      const locked = await lockedAmount(test, payment.id);
      const txId = await reportSyntheticTransfer(test, payment.id, locked);
      await reportSyntheticTransfer(test, payment.id, locked, { txId, confirmations: 2 });
      const bar = page.getByRole('progressbar', { name: 'Confirming: 2 of 6 blocks' });
      await bar.waitFor(LIVE);
      expect(await bar.evaluate((p: HTMLProgressElement) => [p.value, p.max])).toEqual([2, 6]);
      await check(page, 'confirming', viewport);
      expect(watched.errors).toEqual([]);
      await context.close();
    });

    it(`ETH and USDC at ${viewport} width: ≈ the rounded amount, Copy gives the exact one`, async () => {
      const payment = await createCheckoutPayment(test);
      await clientFor(test.baseUrl, test.apiKey).post(`/checkout/${payment.id}/select-chain`, {
        token: 'LTC_REGTEST:LTC',
      });
      const chain = getChain('ETH_SEPOLIA')!;
      const ctx = { messages, paths: checkoutPaths('/checkout', payment.id) };
      const now = new Date();
      const view = (symbol: string, amount: string, token?: string) =>
        renderPayDetails(
          {
            chain,
            coin: getCoin('ETH_SEPOLIA', symbol)!,
            address: ETH_ADDRESS,
            memo: '',
            uri: `ethereum:${ETH_ADDRESS}@11155111?value=${amount}`,
            qrPath: ctx.paths.qr,
            expiresAt: new Date(now.getTime() + 3_600_000),
            now,
            kind: 'full',
            amount,
            ...(token ? { evm: { chainId: 11155111, token, testWallet: false, gasless: false } } : {}),
          },
          ctx,
        ).toString();

      for (const [state, markup, shown, exact] of [
        ['eth', view('ETH', ETH_AMOUNT), '≈0.003334', '0.003333333333333334'],
        [
          'usdc',
          view('USDC', '10869565', '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'),
          '≈10.87',
          '10.869565',
        ],
      ] as const) {
        const context = await browser.newContext(VIEWPORTS[viewport]);
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: test.baseUrl });
        const page = await context.newPage();
        // The gateway's own page (headers, CSS, script) with the ETH_SEPOLIA pay view in its actions region.
        await page.route(checkoutUrl(test, payment.id), async (route) => {
          const response = await route.fetch();
          const body = (await response.text()).replace(
            /(<section id="region-actions" class="actions">)[\s\S]*?(<\/section>)/,
            `$1${markup}$2`,
          );
          await route.fulfill({ response, body });
        });
        await page.goto(checkoutUrl(test, payment.id));
        expect(await page.textContent('#pay-amount')).toBe(shown);
        expect(await page.getAttribute('#pay-amount', 'title')).toBe(
          `Exact amount: ${exact} ${state.toUpperCase()}`,
        );
        const text = (await page.textContent('body'))!;
        expect(text).not.toContain(exact);
        expect(text).not.toContain('base units');
        expect(text).toContain('rounded up for reading');
        await page.getByRole('button', { name: 'Copy amount' }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(exact);
        await expectGroupsWhole(page, '#pay-address');
        await page.getByRole('button', { name: 'Copy deposit address' }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ETH_ADDRESS);
        await check(page, `pay-${state}`, viewport);
        await context.close();
      }
    });

    it(`payment link and invoice at ${viewport} width: the Pay button clear of the line above`, async () => {
      const api = clientFor(test.baseUrl, test.apiKey);
      const link = await api.post('/payment-links', {
        fiat_amount: '25.00',
        fiat_currency: 'USD',
        description: 'Two hand-thrown mugs',
      });
      expect(link.status, link.text).toBe(201);
      const { context, page, watched } = await open(
        viewport,
        `${test.baseUrl}/checkout/links/${link.body.data.id}`,
      );
      const header = (await page.locator('header.merchant').boundingBox())!;
      const pay = (await page.getByRole('button', { name: 'Pay $25.00' }).boundingBox())!;
      expect(pay.y - (header.y + header.height)).toBeGreaterThanOrEqual(16);
      await check(page, 'payment-link', viewport);

      const invoice = await api.post('/invoices', {
        recipient_email: 'ada@example.com',
        recipient_name: 'Ada Lovelace',
        fiat_currency: 'USD',
        line_items: [{ description: 'Hand-thrown mug', quantity: '2', unit_price: '18.50' }],
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        accepted_tokens: ['LTC_REGTEST:LTC'],
      });
      expect(invoice.status, invoice.text).toBe(201);
      expect((await api.post(`/invoices/${invoice.body.data.id}/send`)).status).toBe(200);
      await page.goto(`${test.baseUrl}/checkout/invoices/${invoice.body.data.id}`);
      await page.getByRole('button', { name: 'Pay $37.00' }).waitFor();
      await check(page, 'invoice', viewport);
      expect(watched.errors).toEqual([]);
      await context.close();
    });
  }
});
