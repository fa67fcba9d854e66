import { SIGNATURE_HEADER, verifyWebhook } from '@cairn/webhook-verifier';
import type { JobHelpers } from 'graphile-worker';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { createSecretCipher } from '../../src/domain/webhooks/createSecretCipher.js';
import { createWebhookContext } from '../../src/domain/webhooks/createWebhookContext.js';
import { decodeMasterKey } from '../../src/domain/webhooks/decodeMasterKey.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { loadConfig } from '../../src/platform/config/loadConfig.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { invoiceReminderTask } from '../../src/workers/jobs/invoiceReminderTask.js';
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
} from '../../src/workers/webhookDelivery/createWebhookDispatcher.js';
import { type Client, clientFor, newKey } from '../api/apiHelpers.js';
import {
  chromiumAvailable,
  launchChromium,
  screenshotDirFor,
  VIEWPORTS,
  type ViewportName,
  watchPage,
} from '../checkoutPage/browser.js';
import { lockedAmount, postForm } from '../checkoutPage/checkoutHelpers.js';
import { mineBlocks, payFor } from '../checkoutPage/payFor.js';
import { refundFromDeposit } from '../checkoutPage/refundFromDeposit.js';
import { type RegtestCheckout, startRegtestCheckout } from '../checkoutPage/startRegtestCheckout.js';
import { checkDashboardPage } from '../dashboard/checkDashboardPage.js';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { waitUntil } from '../harness/waitUntil.js';
import { type Receiver, startReceiver } from '../webhooks/webhookHarness.js';

const chromiumReady = chromiumAvailable();
const litecoindReady = litecoindAvailable('invoices end to end on litecoind regtest');
vi.setConfig({ testTimeout: 240_000 });
const SCREENS = screenshotDirFor(import.meta.url);
const MASTER_KEY = 'c'.repeat(64);
const DAY = 86_400_000;
const LIVE = { timeout: 60_000 };

/**
 * An invoice's whole life against the real gateway watching a real `litecoind -regtest`, the
 * recipient in Debian's Chromium: created and sent (mail in the dev mailbox), viewed, reminded on
 * demand and on its schedule (the gateway clock moved to the reminder's time), paid on-chain through
 * the invoice page's Pay button and the checkout; a second invoice paid short, refunded on-chain by
 * the merchant and recorded. Every invoice event is delivered to a real receiver, verified with
 * `@cairn/webhook-verifier`, and the events API lists exactly those events under the same ids. The
 * invoice page is checked with axe-core and captured at desktop and phone width (`screenshots/`).
 */
describe.runIf(chromiumReady && litecoindReady)('an invoice end to end on litecoind regtest', () => {
  const clock = new ManualClock(new Date());
  let chain: RegtestCheckout;
  let browser: Browser;
  let receiver: Receiver;
  let dispatcher: WebhookDispatcher;
  let api: Client;
  let secret: string;
  let sessionToken: string;
  const received: { id: string; event: string; invoiceId?: string }[] = [];

  beforeAll(async () => {
    [chain, browser, receiver] = await Promise.all([
      startRegtestCheckout({
        clock,
        env: { CAIRN_MASTER_KEY: MASTER_KEY, CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true' },
      }),
      launchChromium(),
      startReceiver(),
    ]);
    const gateway = chain.test.running.gateway;
    const key = await newKey(chain.test);
    api = clientFor(chain.test.baseUrl, key.key);
    const config = loadConfig({
      DATABASE_URL: chain.test.running.databaseUrl,
      CAIRN_MASTER_KEY: MASTER_KEY,
      CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
    });
    const endpoint = await setWebhookEndpoint(createWebhookContext(gateway.orm.em.fork(), clock, config), {
      apiKeyId: key.id,
      url: `${receiver.url}/shop-hook`,
      events: ['invoice.sent', 'invoice.viewed', 'invoice.paid', 'invoice.refunded', 'invoice.reminder'],
    });
    secret = endpoint.secret!;
    // Each delivery is verified as it arrives, against the gateway's clock (moved in this test).
    receiver.respond((request) => {
      const event = verifyWebhook<{ invoice?: { id: string } }>({
        payload: request.body,
        header: request.headers[SIGNATURE_HEADER.toLowerCase()] as string,
        secret,
        now: () => clock.now(),
      });
      received.push({ id: event.id, event: event.event, invoiceId: event.data.invoice?.id });
      return { status: 200 };
    });
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

  const deliverAll = async () => {
    while ((await dispatcher.deliverDue()) > 0) {}
  };
  const invoiceOf = async (id: string) => (await api.get(`/invoices/${id}`)).body.data;
  /** The invoice page on the test gateway (`hosted_url` names the configured public address). */
  const pageOf = (invoice: { id: string; hosted_url: string }) => {
    expect(invoice.hosted_url.endsWith(`/checkout/invoices/${invoice.id}`)).toBe(true);
    return `${chain.test.baseUrl}/checkout/invoices/${invoice.id}`;
  };
  const capture = async (url: string, state: string, signedIn = false) => {
    for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
      const context = await browser.newContext(VIEWPORTS[viewport]);
      if (signedIn) {
        await context.addCookies([{ name: 'cairn_session', value: sessionToken, url: chain.test.baseUrl }]);
      }
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(url);
      // A signed-in page must be the page asked for, not the sign-in page it would redirect to.
      if (signedIn) expect(new URL(page.url()).pathname).toBe(new URL(url).pathname);
      await checkDashboardPage(page, watch, { state, viewport, origins: [chain.test.baseUrl], dir: SCREENS });
      await context.close();
    }
  };

  it('is created, sent, viewed, reminded on demand and on schedule, and paid on-chain from its page', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const dueDate = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * DAY).toISOString().slice(0, 10);
    const created = await api.post('/invoices', {
      recipient_email: 'ada@example.com',
      recipient_name: 'Ada Lovelace',
      fiat_currency: 'USD',
      line_items: [
        { description: 'Hand-thrown mug', quantity: '2', unit_price: '18.50' },
        { description: 'Shipping', quantity: '1', unit_price: '6.00' },
      ],
      due_date: dueDate,
      memo: 'Thank you for your order.',
      accepted_tokens: ['LTC_REGTEST:LTC'],
      restrict_to_accepted: true,
      reminder_days: [-1],
    });
    expect(created.status, created.text).toBe(201);
    const invoice = created.body.data;
    expect(invoice).toMatchObject({ status: 'draft', total: '43.00' });
    expect((await api.post(`/invoices/${invoice.id}/send`)).body.data.status).toBe('open');
    const [mail] = await chain.test.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ text_body: string }[]>(`select text_body from mail_messages where kind = 'invoice'`);
    expect(mail!.text_body).toContain(invoice.hosted_url);

    // The recipient opens the link from the mail.
    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    const url = pageOf(invoice);
    await page.goto(url);
    await page
      .getByRole('heading', { name: `Invoice ${invoice.number}` })
      .first()
      .waitFor();
    expect(await page.textContent('.invoice-lines')).toContain('Hand-thrown mug');
    expect(await page.textContent('.invoice-lines tfoot')).toContain('$43.00');
    expect((await invoiceOf(invoice.id)).viewed_at).not.toBeNull();
    await capture(url, 'invoice-open');
    await capture(`${url}/print`, 'invoice-print');

    // A reminder on demand, then the scheduled one (the day before the due date, 09:00 UTC).
    expect((await api.post(`/invoices/${invoice.id}/remind`)).body.data.reminders_sent).toBe(1);
    clock.set(new Date(Date.parse(`${dueDate}T09:05:00Z`) - DAY));
    await invoiceReminderTask(chain.test.running.gateway)({ invoiceId: invoice.id }, {} as JobHelpers);
    expect((await invoiceOf(invoice.id)).reminders_sent).toBe(2);
    await waitUntil(
      () => chain.test.running.gateway.chainAvailability.isOffered('LTC_REGTEST'),
      'LTC_REGTEST offered after the clock moved',
    );

    // Pay: the invoice's payment opens on the checkout; the customer picks LTC and pays on-chain.
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    const paymentId = page.url().split('/').at(-1)!;
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.locator('#status-heading[data-status="awaiting_payment"]').waitFor(LIVE);
    await payFor(chain, paymentId, await lockedAmount(chain.test, paymentId));
    await mineBlocks(chain, 6);
    await waitUntil(async () => (await invoiceOf(invoice.id)).status === 'paid', 'the invoice to be paid');
    const paid = await invoiceOf(invoice.id);
    expect(paid.payment_id).toBe(paymentId);
    expect((await api.get(`/payments/${paymentId}`)).body.data).toMatchObject({
      status: 'confirmed',
      invoice_id: invoice.id,
    });
    // The checkout confirms and names the invoice page as where to go next; it now says paid.
    await page.locator('#status-heading[data-status="confirmed"]').waitFor(LIVE);
    await context.close();
    await capture(url, 'invoice-paid');
    const again = await browser.newContext(VIEWPORTS.desktop);
    const paidPage = await again.newPage();
    await paidPage.goto(url);
    expect(await paidPage.textContent('main')).toContain('This invoice was paid on');
    expect(await paidPage.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    await again.close();

    await deliverAll();
    const mine = received.filter((e) => e.invoiceId === invoice.id);
    expect(mine.map((e) => e.event)).toEqual([
      'invoice.sent',
      'invoice.viewed',
      'invoice.reminder',
      'invoice.reminder',
      'invoice.paid',
    ]);
    const listed = await api.get(
      `/events?invoice_id=${invoice.id}&type=${mine.map((e) => e.event).join(',')}&limit=100`,
    );
    expect(listed.body.data.map((e: { id: string }) => e.id).reverse()).toEqual(mine.map((e) => e.id));
  });

  it('a second invoice paid short is refunded on-chain by the merchant: invoice.refunded', async () => {
    const created = await api.post('/invoices', {
      recipient_email: 'grace@example.com',
      fiat_currency: 'USD',
      line_items: [{ description: 'Workshop seat', quantity: '1', unit_price: '30.00' }],
      due_date: '2030-01-31',
      accepted_tokens: ['LTC_REGTEST:LTC'],
      restrict_to_accepted: true,
    });
    const invoice = created.body.data;
    await api.post(`/invoices/${invoice.id}/send`);
    const press = await postForm(`${pageOf(invoice)}/pay`, {});
    expect(press.status).toBe(303);
    const paymentId = press.headers.get('location')!.split('/').at(-1)!;
    const picked = await api.post(`/checkout/${paymentId}/select-chain`, { token: 'LTC_REGTEST:LTC' });
    expect(picked.status, picked.text).toBe(200);
    const locked = await lockedAmount(chain.test, paymentId);
    await payFor(chain, paymentId, locked / 2n);
    await mineBlocks(chain, 6);
    await waitUntil(
      async () => (await api.get(`/payments/${paymentId}`)).body.data.status === 'underpaid',
      'the payment to be underpaid',
    );
    // The customer asks for the money back on the checkout; the merchant sends it and records it.
    const refundTo = await chain.node.rpc.call<string>('getnewaddress', ['refund', 'bech32']);
    const asked = await postForm(`${chain.test.baseUrl}/checkout/${paymentId}/refund`, {
      refund_address: refundTo,
    });
    expect(asked.status).toBe(303);
    const refund = await refundFromDeposit(chain, paymentId, refundTo);
    const recorded = await api.post(`/payments/${paymentId}/refunds`, {
      chain_id: 'LTC_REGTEST',
      coin_symbol: 'LTC',
      tx_id: refund.txId,
      amount: refund.amount.toString(),
    });
    expect(recorded.status, recorded.text).toBe(201);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'refunded', payment_id: paymentId });

    await deliverAll();
    const mine = received.filter((e) => e.invoiceId === invoice.id);
    expect(mine.map((e) => e.event)).toEqual(['invoice.sent', 'invoice.refunded']);
    const listed = await api.get(`/events?invoice_id=${invoice.id}&type=invoice.sent,invoice.refunded`);
    expect(listed.body.data.map((e: { id: string }) => e.id).reverse()).toEqual(mine.map((e) => e.id));
  });

  it("the merchant's invoice and payment link pages in the dashboard pass axe at both widths", async () => {
    const dashboard = `${chain.test.baseUrl}/dashboard`;
    // Signed in now (the clock moved during the first test).
    const gateway = chain.test.running.gateway;
    const business = await gateway.orm.em.fork().findOneOrFail(Business, { id: chain.test.businessId });
    ({ token: sessionToken } = await createSession(gateway.orm.em.fork(), clock, {
      userId: business.userId,
      lifetime: { absoluteMs: 30 * 86_400_000, idleMs: 30 * 86_400_000 },
    }));
    const [invoice] = (await api.get('/invoices?limit=1')).body.data;
    await capture(`${dashboard}/invoices`, 'dashboard-invoices', true);
    await capture(`${dashboard}/invoices/${invoice.id}`, 'dashboard-invoice', true);
    await capture(`${dashboard}/invoices/new`, 'dashboard-invoice-new', true);
    await capture(`${dashboard}/invoices/${invoice.id}/preview`, 'dashboard-invoice-preview', true);
    const link = await api.post('/payment-links', {
      fiat_amount: '15.00',
      fiat_currency: 'USD',
      description: 'Pottery class',
      max_uses: 12,
    });
    await capture(`${dashboard}/links`, 'dashboard-links', true);
    await capture(`${dashboard}/links/${link.body.data.id}`, 'dashboard-link', true);
    await capture(`${chain.test.baseUrl}/checkout/links/${link.body.data.id}`, 'link-page');
  });
});
