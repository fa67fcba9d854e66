import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { clientFor } from '../api/apiHelpers.js';
import {
  chromiumAvailable,
  expectNothingWiderThanViewport,
  launchChromium,
  screenshotDirFor,
  VIEWPORTS,
  type ViewportName,
  watchPage,
} from '../checkoutPage/browser.js';
import {
  checkoutUrl,
  createCheckoutPayment,
  expectSeeOther,
  lockedAmount,
  postForm,
  startCheckoutGateway,
} from '../checkoutPage/checkoutHelpers.js';
import { reportSyntheticTransfer } from '../checkoutPage/reportSyntheticTransfer.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import { type Receiver, startReceiver } from '../webhooks/webhookHarness.js';
import { checkDashboardPage } from './checkDashboardPage.js';
import { layoutWebhookEndpoint, WEBHOOK_ENV } from './layoutWebhookEndpoint.js';
import { seedConfirmedVolume } from './seedConfirmedVolume.js';
import { sessionFor } from './strayFundsHelpers.js';

const chromiumReady = chromiumAvailable();
vi.setConfig({ testTimeout: 240_000 });
const SCREENS = screenshotDirFor(import.meta.url);
const DAY = 86_400_000;

/**
 * The dashboard's frame at desktop (1280x800) and phone (390x844) width in Debian's Chromium, on every
 * page of a seeded business (a paid payment with its transfer, an invoice, a payment link): nothing
 * wider than the viewport, no serious axe-core violation, the current mode always shown, the current
 * page marked with aria-current in the navigation; on a phone the navigation is a collapsed menu that
 * opens by touch or keyboard and whose links work; the mode switch comes back to the same section.
 * Screenshots: `screenshots/layout-<page>-<viewport>.png`.
 */
describe.runIf(chromiumReady)('dashboard layout in a real browser', () => {
  const clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));
  let test: TestGateway;
  let browser: Browser;
  let paymentId: string;
  let invoiceId: string;
  let receiver: Receiver;
  let deliveryId: string;

  beforeAll(async () => {
    [test, browser, receiver] = await Promise.all([
      startCheckoutGateway({ clock, env: { CAIRN_REQUIRE_2FA_FOR_LIVE: 'false', ...WEBHOOK_ENV } }),
      launchChromium(),
      startReceiver(),
    ]);
    // The shop's endpoint refuses the first event, so the deliveries page has answers of both kinds.
    const hooks = await layoutWebhookEndpoint(test, clock, `${receiver.url}/shop/webhooks`);
    receiver.respond((_request, index) =>
      index === 0 ? { status: 500, body: '{"error":"order not found"}' } : {},
    );
    // A payment paid on chain (one transfer with a confirmation), so its page has every table.
    const payment = await createCheckoutPayment(test, {
      order_id: 'order-with-a-rather-long-reference-0123456789',
      customer_email: 'a.customer.with.a.long.address@example.com',
    });
    paymentId = payment.id;
    expectSeeOther(
      await postForm(`${checkoutUrl(test, paymentId)}/select`, { token: 'LTC_REGTEST:LTC' }),
      `/checkout/${paymentId}`,
    );
    await reportSyntheticTransfer(test, paymentId, await lockedAmount(test, paymentId), { confirmations: 1 });
    const api = clientFor(test.baseUrl, test.apiKey);
    const invoice = await api.post('/invoices', {
      recipient_email: 'ada@example.com',
      recipient_name: 'Ada Lovelace',
      fiat_currency: 'USD',
      line_items: [{ description: 'Design work, two weeks of it', quantity: '3', unit_price: '1999.99' }],
      due_date: new Date(clock.now().getTime() + 30 * DAY).toISOString().slice(0, 10),
    });
    expect(invoice.status, invoice.text).toBe(201);
    invoiceId = invoice.body.data.id;
    const link = await api.post('/payment-links', {
      fiat_amount: '25.00',
      fiat_currency: 'USD',
      description: 'A pot of tea',
    });
    expect(link.status, link.text).toBe(201);
    // Two cancelled payments: five deliveries in all.
    for (const reference of ['order-1041', 'order-1042']) {
      const cancelled = await createCheckoutPayment(test, { order_id: reference });
      expect((await api.delete(`/payments/${cancelled.id}`)).status).toBe(200);
    }
    await hooks.deliverDue();
    await hooks.stop();
    // A month of confirmed payments, so the home page's charts have something to draw.
    await seedConfirmedVolume(test, clock.now());
    const deliveries = await test.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>('select id from webhook_deliveries order by created_at, event_seq');
    expect(deliveries.length).toBeGreaterThanOrEqual(5);
    deliveryId = deliveries[0]!.id;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await test?.stop();
  });

  async function signedIn(viewport: ViewportName): Promise<Page> {
    const context = await browser.newContext({ ...VIEWPORTS[viewport] });
    await context.addCookies([{ name: 'cairn_session', value: await sessionFor(test), url: test.baseUrl }]);
    return context.newPage();
  }

  /** Every signed-in page, with the navigation entry it sits under. */
  const pages = () =>
    [
      { state: 'home', path: '/', current: 'Home' },
      { state: 'payments', path: '/payments', current: 'Payments' },
      { state: 'payment', path: `/payments/${paymentId}`, current: 'Payments' },
      { state: 'invoices', path: '/invoices', current: 'Invoices' },
      { state: 'invoice', path: `/invoices/${invoiceId}`, current: 'Invoices' },
      { state: 'links', path: '/links', current: 'Payment links' },
      { state: 'stray-funds', path: '/stray-funds', current: 'Stray funds' },
      { state: 'reports', path: '/reports', current: 'Reports' },
      { state: 'keys', path: '/keys', current: 'API keys & webhook endpoints' },
      { state: 'webhooks', path: '/webhooks', current: 'Webhook deliveries' },
      {
        state: 'webhook-delivery',
        path: `/webhooks?delivery=${deliveryId}#delivery-detail`,
        current: 'Webhook deliveries',
      },
      { state: 'wallets', path: '/wallets', current: 'Wallets' },
      { state: 'credit', path: '/credit', current: 'Prepaid Credit' },
      { state: 'settings', path: '/settings', current: 'Settings' },
      { state: 'businesses', path: '/businesses', current: 'Businesses' },
      { state: 'audit', path: '/audit', current: 'Audit log' },
    ] as const;

  /** Whether Chromium's accessibility tree has a link named `name` that is not ignored. */
  async function exposedToScreenReaders(page: Page, name: string): Promise<boolean> {
    const cdp = await page.context().newCDPSession(page);
    try {
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
        nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
      };
      return nodes.some((n) => !n.ignored && n.role?.value === 'link' && n.name?.value === name);
    } finally {
      await cdp.detach();
    }
  }

  /** The selected delivery's pane: beside the list on a wide screen, after it on a phone; its row marked. */
  async function expectPaneBesideOrAfterList(page: Page, viewport: ViewportName): Promise<void> {
    expect(await page.locator('.delivery-list a[aria-current="true"]').count()).toBe(1);
    const list = (await page.locator('.delivery-list').boundingBox())!;
    const pane = (await page.locator('#delivery-detail').boundingBox())!;
    if (viewport === 'desktop') {
      expect(pane.x).toBeGreaterThanOrEqual(list.x + list.width);
      expect(Math.abs(pane.y - list.y)).toBeLessThan(24);
    } else expect(pane.y).toBeGreaterThanOrEqual(list.y + list.height);
    // The link's fragment brings the pane's top into view (on a phone, past the whole list).
    expect(pane.y).toBeGreaterThanOrEqual(-1);
    expect(pane.y).toBeLessThan(VIEWPORTS[viewport].viewport.height / 2);
    // Five deliveries used to make a 2,400 px page on a desktop, 4,300 px on a phone.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(viewport === 'desktop' ? 1600 : 3600);
  }

  const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
  const menuButton = (page: Page) => page.locator('details.menu > summary');

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`fits every page, marks the current one and shows the mode (${viewport})`, async () => {
      const page = await signedIn(viewport);
      const watch = watchPage(page);
      for (const { state, path, current } of pages()) {
        await page.goto(`${test.baseUrl}/dashboard${path}`);
        await page.locator('h1').first().waitFor();
        const what = `${state} (${viewport})`;
        expect(await page.locator('#mode-badge').isVisible(), what).toBe(true);
        expect(await page.locator('#mode-badge').textContent(), what).toBe('Test mode');
        expect(await page.getByRole('switch', { name: 'Live mode' }).getAttribute('aria-checked')).toBe(
          'false',
        );
        const marked = nav(page).locator('a[aria-current="page"]');
        expect(await marked.count(), what).toBe(1);
        expect(await marked.textContent(), what).toBe(current);
        // The sidebar shows the links on a wide screen; a phone shows them only once the menu is opened.
        expect(await marked.isVisible(), what).toBe(viewport === 'desktop');
        expect(await menuButton(page).isVisible(), what).toBe(viewport === 'phone');
        // What a screen reader is given (Chromium's own accessibility tree): the links of the sidebar
        // on a wide screen, although it is a closed details element; none while the phone menu is shut.
        expect(await exposedToScreenReaders(page, 'Audit log'), what).toBe(viewport === 'desktop');
        await expectNothingWiderThanViewport(page, what);
        if (state === 'webhook-delivery') await expectPaneBesideOrAfterList(page, viewport);
        if (state === 'home') {
          // The month's charts, drawn on the server, each with its text alternative.
          const charts = page.locator('svg[role="img"]');
          expect(await charts.count(), what).toBeGreaterThanOrEqual(2);
          expect(await charts.first().getAttribute('aria-labelledby'), what).toBeTruthy();
        }
        if (state === 'reports') {
          // The last 30 days' report: volume, by coin, by chain, the daily counts and the time to confirm,
          // every chart named by its title and each day chart with a table.
          const charts = page.locator('svg[role="img"]');
          expect(await charts.count(), what).toBeGreaterThanOrEqual(5);
          for (const chart of await charts.all()) {
            const id = await chart.getAttribute('aria-labelledby');
            expect(await page.locator(`[id="${id}"]`).textContent(), what).toMatch(/\S/);
          }
          expect(await page.locator('details > summary').count(), what).toBeGreaterThanOrEqual(2);
          // The legend and the range form stay inside the viewport, labels legible (not clipped).
          for (const box of [page.locator('.chart-legend'), page.locator('fieldset.presets')]) {
            const b = (await box.boundingBox())!;
            expect(b.x + b.width, what).toBeLessThanOrEqual(VIEWPORTS[viewport].viewport.width);
          }
        }
        await checkDashboardPage(page, watch, {
          state: `layout-${state}`,
          viewport,
          origins: [test.baseUrl],
          dir: SCREENS,
        });
      }
      await page.context().close();
    });
  }

  it('on a phone, the menu opens by touch and by keyboard, and its links work', async () => {
    const page = await signedIn('phone');
    const watch = watchPage(page);
    await page.goto(`${test.baseUrl}/dashboard/payments`);
    // Collapsed: the header (brand, mode, Menu) is all that stands above the page's heading.
    const heading = await page.locator('h1').first().boundingBox();
    expect(heading!.y).toBeLessThan(160);
    await menuButton(page).click();
    await nav(page).getByRole('link', { name: 'Wallets' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign out', exact: true }).isVisible()).toBe(true);
    await expectNothingWiderThanViewport(page, 'menu open (phone)');
    await checkDashboardPage(page, watch, {
      state: 'layout-menu-open',
      viewport: 'phone',
      origins: [test.baseUrl],
      dir: SCREENS,
    });
    await nav(page).getByRole('link', { name: 'Wallets' }).click();
    await page.getByRole('heading', { name: /^Wallets/, level: 1 }).waitFor();
    expect(await nav(page).locator('a[aria-current="page"]').textContent()).toBe('Wallets');
    expect(await nav(page).getByRole('link', { name: 'Wallets' }).isVisible()).toBe(false);

    // By keyboard: focus the menu button, Enter opens it, Tab reaches the links, Enter follows one.
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await nav(page).getByRole('link', { name: 'Audit log' }).waitFor();
    let focused = '';
    for (let i = 0; i < 25 && focused !== 'Audit log'; i += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    }
    expect(focused).toBe('Audit log');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.context().close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`switches the mode quietly and comes back to the same section (${viewport})`, async () => {
      const page = await signedIn(viewport);
      await page.goto(`${test.baseUrl}/dashboard/invoices`);
      const toggle = page.getByRole('switch', { name: 'Live mode' });
      await toggle.click();
      await expect.poll(() => page.locator('#mode-badge').textContent()).toBe('Live mode');
      expect(new URL(page.url()).pathname).toBe('/dashboard/invoices');
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await expectNothingWiderThanViewport(page, `live invoices (${viewport})`);
      await checkDashboardPage(page, watchPage(page), {
        state: 'layout-invoices-live',
        viewport,
        origins: [test.baseUrl],
        dir: SCREENS,
      });
      await toggle.click();
      await expect.poll(() => page.locator('#mode-badge').textContent()).toBe('Test mode');
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await page.context().close();
    });
  }
});
