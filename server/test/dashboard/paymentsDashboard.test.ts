import { randomUUID } from 'node:crypto';
import { formatUnits } from '@cairn/chain-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { requestRefund } from '../../src/domain/payments/requestRefund.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { escapeHtml } from '../../src/web/html.js';
import {
  awaitingPayment,
  type Client,
  clientFor,
  createPaymentVia,
  newKey,
  observe,
  otherBusiness,
  sql,
} from '../api/apiHelpers.js';
import {
  type Receiver,
  startReceiver,
  startWebhookTest,
  type WebhookTest,
} from '../webhooks/webhookHarness.js';
import { DashboardClient } from './DashboardClient.js';

// The dashboard's daily operating view over HTTP (no browser): the payments list and its filters,
// the payment page and its actions, payment preferences, and the webhook delivery inspector. The
// gateway runs on a manual clock; webhook attempts are made by calling the dispatcher.

let w: WebhookTest;
let receiver: Receiver;
let api: Client;
let dash: DashboardClient;
const TESTNET_TX = 'https://mempool.space/testnet/tx/{tx_id}';

beforeAll(async () => {
  w = await startWebhookTest({
    start: '2026-05-04T10:00:00Z',
    env: {
      CAIRN_CHAIN_BTC_TESTNET_EXPLORER_TX_URL: TESTNET_TX,
      CAIRN_RATE_SOURCES_LIVE: 'fixed',
      CAIRN_FIXED_RATES: 'BTC/USD=60000,LTC/USD=80',
    },
  });
  receiver = await startReceiver();
  api = clientFor(w.test.baseUrl, w.test.apiKey);
  // Signed in as the login that owns the test gateway's business.
  const gateway = w.test.running.gateway;
  const em = gateway.orm.em.fork();
  const business = await em.findOneOrFail(Business, { id: w.test.businessId });
  const { token } = await createSession(em, gateway.clock, {
    userId: business.userId,
    lifetime: { absoluteMs: 30 * 86_400_000, idleMs: 30 * 86_400_000 },
  });
  dash = new DashboardClient(w.test.baseUrl);
  dash.cookies.set('cairn_session', token);
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await w?.stop();
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
const paymentIdsOn = (html: string) =>
  [...html.matchAll(/href="\/dashboard\/payments\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);

describe('the payments list', () => {
  const orderPrefix = `ord-${randomUUID().slice(0, 6)}`;
  const created: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      const payment = await createPaymentVia(api, {
        order_id: `${orderPrefix}-${i}`,
        customer_email: i === 7 ? 'Ada.Lovelace@Example.com' : `c${i}@shop.test`,
      });
      created.push(payment.id);
      w.clock.advance(60_000);
    }
  });

  it('pages newest first, 25 at a time, with a cursor that continues where the page ended', async () => {
    const first = await dash.get('/dashboard/payments');
    expect(first.status).toBe(200);
    const firstIds = paymentIdsOn(first.body);
    expect(firstIds).toHaveLength(25);
    expect(firstIds.slice(0, 3)).toEqual(created.slice(-3).reverse());
    const next = /<a rel="next" href="([^"]+)"/.exec(first.body)![1]!.replaceAll('&amp;', '&');
    expect(next).toBe(`/dashboard/payments?after=${firstIds.at(-1)}`);
    const second = await dash.get(next);
    const secondIds = paymentIdsOn(second.body);
    expect(new Set([...firstIds, ...secondIds]).size).toBe(firstIds.length + secondIds.length);
    expect(secondIds.slice(0, 5)).toEqual(created.slice(0, 5).reverse());
    expect(second.body).toContain('First page');
  });

  it('finds a payment by id, by customer email in any case, and by order id', async () => {
    const byId = await dash.get(`/dashboard/payments?q=${created[3]}`);
    expect(paymentIdsOn(byId.body)).toEqual([created[3]]);
    const byEmail = await dash.get('/dashboard/payments?q=ada.lovelace%40example.COM');
    expect(paymentIdsOn(byEmail.body)).toEqual([created[7]]);
    const byOrder = await dash.get(`/dashboard/payments?q=${orderPrefix}-12`);
    expect(paymentIdsOn(byOrder.body)).toEqual([created[12]]);
    expect(text(byOrder.body)).toContain(`${orderPrefix}-12`);
    const none = await dash.get('/dashboard/payments?q=no-such-order');
    expect(paymentIdsOn(none.body)).toEqual([]);
    expect(none.body).toContain('No payments match.');
  });

  it('filters by status with the dashboard labels, and by created range (UTC days, inclusive)', async () => {
    await api.delete(`/payments/${created[0]}`);
    const cancelled = await dash.get('/dashboard/payments?status=cancelled');
    expect(paymentIdsOn(cancelled.body)).toEqual([created[0]]);
    expect(cancelled.body).toContain('>Cancelled</span>');
    expect(cancelled.body).toContain('value="cancelled" checked');
    // Several statuses at once.
    const two = await dash.get('/dashboard/payments?status=cancelled&status=pending');
    const twoFirst = paymentIdsOn(two.body);
    expect(twoFirst).toHaveLength(25);
    const twoNext = /<a rel="next" href="([^"]+)"/.exec(two.body)![1]!.replaceAll('&amp;', '&');
    expect(twoNext).toContain('status=cancelled&status=pending&after=');
    const twoSecond = paymentIdsOn((await dash.get(twoNext)).body);
    // Every one of the 30 (cancelled or pending) exactly once, newest first across both pages.
    expect([...twoFirst, ...twoSecond]).toEqual([...created].reverse());
    const today = await dash.get('/dashboard/payments?from=2026-05-04&to=2026-05-04');
    expect(paymentIdsOn(today.body).length).toBeGreaterThan(0);
    const before = await dash.get('/dashboard/payments?to=2026-05-03');
    expect(paymentIdsOn(before.body)).toEqual([]);
    const bad = await dash.get('/dashboard/payments?from=2026-02-30');
    expect(bad.status).toBe(422);
    expect(bad.body).toContain('Enter a date as YYYY-MM-DD.');
    const reversed = await dash.get('/dashboard/payments?from=2026-05-05&to=2026-05-04');
    expect(reversed.body).toContain('The end date is before the start date.');
  });

  it('takes date filters up to the last day of year 9999 and refuses days out of range in the page', async () => {
    // The day after 9999-12-31 is in year 10000: the end date then has no upper bound.
    const last = await dash.get('/dashboard/payments?to=9999-12-31');
    expect(last.status).toBe(200);
    expect(paymentIdsOn(last.body).length).toBeGreaterThan(0);
    const both = await dash.get('/dashboard/payments?from=9999-12-31&to=9999-12-31');
    expect(both.status).toBe(200);
    expect(paymentIdsOn(both.body)).toEqual([]);
    const first = await dash.get('/dashboard/payments?from=0001-01-01&to=0001-01-01');
    expect(first.status).toBe(200);
    expect(paymentIdsOn(first.body)).toEqual([]);
    // Year 0000, as the API's created_gte and created_lt, is refused.
    for (const query of ['from=0000-01-01', 'to=0000-12-31', 'from=0000-01-01&to=9999-12-31']) {
      const page = await dash.get(`/dashboard/payments?${query}`);
      expect(page.status, query).toBe(422);
      expect(page.body, query).toContain('Enter a date from 0001-01-01 to 9999-12-31.');
    }
  });

  it('never shows another business’s or the other mode’s payments, nor pages through them', async () => {
    const other = await otherBusiness(w.test);
    const theirs = await createPaymentVia(clientFor(w.test.baseUrl, other.key));
    expect((await dash.get(`/dashboard/payments/${theirs.id}`)).status).toBe(404);
    expect(paymentIdsOn((await dash.get(`/dashboard/payments?q=${theirs.id}`)).body)).toEqual([]);
    const afterTheirs = await dash.get(`/dashboard/payments?after=${theirs.id}`);
    expect(paymentIdsOn(afterTheirs.body)).toEqual([]);
    // A live payment of this business is not in the test-mode list.
    const live = await createPaymentVia(clientFor(w.test.baseUrl, w.test.liveKey));
    expect((await dash.get(`/dashboard/payments/${live.id}`)).status).toBe(404);
    expect((await dash.get(`/dashboard/payments/${live.id}/status`)).status).toBe(404);
  });
});

describe('the payment page and its actions', () => {
  it('shows an underpaid payment with its transfer, explorer link and timeline; accepting the shortfall confirms it', async () => {
    const checkout = await awaitingPayment(api, { order_id: 'under-1', metadata: { cart_id: 'c_<8812>' } });
    const id = checkout.payment_id as string;
    const txId = await observe(w.test, id, { fraction: [1n, 2n], depth: 2 });
    const page = await dash.get(`/dashboard/payments/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/id="payment-status" data-status="underpaid">Underpaid</);
    expect(page.body).toContain(`href="https://mempool.space/testnet/tx/${txId}"`);
    expect(text(page.body)).toContain('Underpayment tolerance 0.5% (as when created)');
    expect(text(page.body)).toContain('Overpayment threshold 1% (as when created)');
    expect(text(page.body)).toMatch(/2 of 2/);
    expect(page.body).toContain('<li><code>cart_id</code>: c_&lt;8812&gt;</li>');
    expect(page.body).toContain('<code>payment.awaiting</code>');
    expect(page.body).toContain('<code>payment.underpaid</code>');
    expect(page.body).toContain(`data-live-status="/dashboard/payments/${id}/status"`);
    const status = await dash.get(`/dashboard/payments/${id}/status`);
    expect(JSON.parse(status.body)).toMatchObject({ status: 'underpaid', label: 'Underpaid' });

    const accepted = await dash.post(`/dashboard/payments/${id}/accept-shortfall`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toContain('Shortfall accepted');
    expect(accepted.body).toMatch(/data-status="confirmed">Confirmed</);
    expect((await api.get(`/payments/${id}`)).body.data.status).toBe('confirmed');
    // A confirmed payment is no longer followed, and offers no action.
    expect(accepted.body).not.toContain('data-live-status=');
    expect(accepted.body).not.toContain('Accept shortfall and confirm');
    // Done twice: refused with the service's reason, on the page.
    const again = await dash.post(`/dashboard/payments/${id}/accept-shortfall`);
    expect(again.status).toBe(409);
    expect(again.body).toContain('class="notice error"');
  });

  it('cancels a payment nobody paid; a detected one is refused with the reason', async () => {
    const payment = await createPaymentVia(api);
    await dash.get(`/dashboard/payments/${payment.id}`);
    const cancelled = await dash.post(`/dashboard/payments/${payment.id}/cancel`);
    expect(cancelled.body).toMatch(/data-status="cancelled">Cancelled</);
    expect(text(cancelled.body)).toContain('Cancelled by You');
    const detected = await awaitingPayment(api);
    await observe(w.test, detected.payment_id, { depth: 0 });
    const page = await dash.get(`/dashboard/payments/${detected.payment_id}`);
    expect(page.body).not.toContain('Cancel payment');
    const refused = await dash.post(`/dashboard/payments/${detected.payment_id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatch(/data-status="payment_detected">Payment detected</);
  });

  it('records a refund the customer asked for, in whole coins, validated as the API does', async () => {
    const checkout = await awaitingPayment(api);
    const id = checkout.payment_id as string;
    await observe(w.test, id, { fraction: [1n, 4n], depth: 2 });
    const [row] = await sql<{ locked: string }>(
      w.test,
      'select locked_amount::text as locked from payments where id = ?',
      [id],
    );
    const received = BigInt(row!.locked) / 4n;
    const refundTo = 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl';
    await requestRefund(
      w.test.running.gateway,
      { businessId: w.test.businessId, mode: 'test' },
      id,
      refundTo,
    );
    const page = await dash.get(`/dashboard/payments/${id}`);
    expect(page.body).toMatch(/data-status="refund_requested">Refund requested</);
    expect(page.body).toContain(`<code id="refund-address">${refundTo}</code>`);

    const form = { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC', tx_id: 'refund-tx-1' };
    const tooMuch = await dash.post(`/dashboard/payments/${id}/refunds`, { ...form, amount: '1' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toContain('aria-invalid="true"');
    expect(tooMuch.body).toContain(`Enter at most ${formatUnits(received, 8)} BTC.`);
    expect(tooMuch.body).toContain('value="refund-tx-1"');
    const garbage = await dash.post(`/dashboard/payments/${id}/refunds`, { ...form, amount: '0.000000001' });
    expect(garbage.status).toBe(422);
    expect(garbage.body).toContain('at most 8 decimals');
    const wrongCoin = await dash.post(`/dashboard/payments/${id}/refunds`, {
      ...form,
      chain_id: 'LTC_TESTNET',
      coin_symbol: 'LTC',
      amount: '0.0001',
    });
    expect(wrongCoin.status).toBe(422);
    expect(wrongCoin.body).toContain('refund in the same coin');

    const whole = formatUnits(received, 8);
    const recorded = await dash.post(`/dashboard/payments/${id}/refunds`, { ...form, amount: whole });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toContain('Refund recorded');
    expect(recorded.body).toMatch(/data-status="refunded">Refunded</);
    const body = (await api.get(`/payments/${id}`)).body.data;
    expect(body.refunds).toEqual([
      expect.objectContaining({ tx_id: 'refund-tx-1', amount: received.toString() }),
    ]);
  });
});

describe('payment preferences', () => {
  it('validates the bounds, applies to new payments only, and lands in the audit log', async () => {
    const open = await createPaymentVia(api);
    await dash.get('/dashboard/settings');
    const bad = await dash.post('/dashboard/settings/payment-preferences', {
      underpayment_tolerance: '12',
      overpayment_threshold: 'lots',
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toContain('Enter a value from 0% to 10%.');
    expect(bad.body).toContain('Enter a percentage such as 0.5');
    const saved = await dash.post('/dashboard/settings/payment-preferences', {
      underpayment_tolerance: '2.5',
      overpayment_threshold: '3 %',
    });
    expect(saved.status).toBe(303);
    const settings = await dash.get(saved.location!);
    expect(settings.body).toContain('Payment preferences saved');
    expect(settings.body).toContain('value="2.5"');
    expect(settings.body).toContain('value="3"');
    const next = await createPaymentVia(api);
    expect(next.underpayment_tolerance_bps).toBe(250);
    expect(next.overpayment_threshold_bps).toBe(300);
    expect((await api.get(`/payments/${open.id}`)).body.data.underpayment_tolerance_bps).toBe(50);
    const audit = await dash.get('/dashboard/audit');
    expect(text(audit.body)).toContain('settings.payment_preferences_changed');
    expect(text(audit.body)).toContain('tolerance 2.5%, threshold 3%');
    // Back to the defaults for the other tests.
    await dash.get('/dashboard/settings');
    await dash.post('/dashboard/settings/payment-preferences', {
      underpayment_tolerance: '0.5',
      overpayment_threshold: '1',
    });
  });
});

describe('the webhook delivery inspector', () => {
  it('shows a failing endpoint’s attempts, body and next retry, a parked event, and a redelivery that succeeds', async () => {
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/hook` });
    let answer = { status: 500, body: 'database is down' };
    receiver.respond((r) => (r.path === '/hook' ? answer : {}));
    const keyApi = clientFor(w.test.baseUrl, key.key);
    const checkout = await awaitingPayment(keyApi);
    const id = checkout.payment_id as string;
    const dispatcher = w.dispatcher();
    await dispatcher.deliverDue();
    // The next event of the same payment waits behind the failing one.
    await observe(w.test, id, { depth: 0 });

    // A compact list, one row a delivery, newest first; the pane shows the newest until one is selected.
    const list = await dash.get(`/dashboard/webhooks?payment=${id}`);
    expect(list.status).toBe(200);
    const listed = text(list.body);
    const host = `127.0.0.1:${receiver.port}`;
    expect(listed).toContain(`payment.detected ${host} Waiting behind an earlier event of this payment 0`);
    expect(listed).toMatch(
      new RegExp(`payment\\.awaiting ${host} Retrying 500 1 2026-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC`),
    );
    const [delivery] = await w.deliveries('payment_id = ? and event = ?', [id, 'payment.awaiting']);
    const [parked] = await w.deliveries('payment_id = ? and event = ?', [id, 'payment.detected']);
    expect(list.body).toContain(
      `<article class="card delivery delivery-pane" id="delivery-detail" aria-labelledby="d-${parked.id}">`,
    );
    // Selecting a delivery is a plain link that keeps the filters and scrolls to the pane.
    const link = `/dashboard/webhooks?payment=${id}&amp;delivery=${delivery.id}#delivery-detail`;
    expect(list.body).toContain(`<a href="${link}"><code>payment.awaiting</code></a>`);
    const page = await dash.get(`/dashboard/webhooks?payment=${id}&delivery=${delivery.id}`);
    expect(page.body).toContain(`<a href="${link}" aria-current="true"><code>payment.awaiting</code></a>`);
    const pane = text(page.body.slice(page.body.indexOf('id="delivery-detail"')));
    expect(pane).toContain('payment.awaiting Retrying');
    expect(pane).toContain('Attempts 1');
    expect(pane).toContain('Latest status code 500');
    expect(pane).toContain('database is down');
    expect(pane).toMatch(/Next retry 2026-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    // Its attempt with time, answer and duration, and the headers it sends.
    expect(pane).toMatch(/Attempt 1 \(latest\): 2026-\d\d-\d\d \d\d:\d\d:\d\d UTC, HTTP 500 in \d+ ms/);
    expect(pane).toContain(
      'User-Agent Service-Webhook/1.0 X-Webhook-Event payment.awaiting X-Webhook-Signature t=',
    );
    // The exact signed body.
    expect(page.body).toContain(escapeHtml(delivery.request_body));
    // Pending deliveries cannot be redelivered (no button); the filters work.
    expect(page.body).not.toContain(`/dashboard/webhooks/${delivery.id}/redeliver`);
    const onlyDetected = await dash.get(`/dashboard/webhooks?payment=${id}&event=payment.detected`);
    expect(text(onlyDetected.body)).not.toContain('payment.awaiting Retrying');

    // The endpoint now answers 410: the delivery fails for good, then a redelivery succeeds.
    answer = { status: 410, body: 'gone' };
    w.clock.set(new Date(delivery.next_attempt_at.getTime() + 1000));
    await dispatcher.deliverDue();
    const failed = await dash.get(`/dashboard/webhooks?payment=${id}&status=failed&delivery=${delivery.id}`);
    expect(text(failed.body)).toContain(`payment.awaiting ${host} Failed 410 2`);
    const failedPane = text(failed.body.slice(failed.body.indexOf('id="delivery-detail"')));
    expect(failedPane).toContain('payment.awaiting Failed');
    expect(failedPane).toContain('Latest status code 410');
    expect(failedPane).toMatch(/Attempt 1: counted.* Attempt 2 \(latest\): .* HTTP 410 in \d+ ms/);
    answer = { status: 200, body: 'ok' };
    const redelivered = await dash.post(`/dashboard/webhooks/${delivery.id}/redeliver`, {
      back: `?payment=${id}`,
    });
    expect(redelivered.status).toBe(303);
    expect(redelivered.location).toContain(`/dashboard/webhooks?payment=${id}&notice=webhook-redelivered`);
    await dispatcher.deliverDue();
    await dispatcher.deliverDue();
    const after = await dash.get(redelivered.location!);
    expect(text(after.body)).toContain('Queued again');
    expect(text(after.body)).toContain(`Redelivery of ${delivery.id}`);
    const rows = await w.deliveries('payment_id = ? and redelivery_of = ?', [id, delivery.id]);
    expect(rows[0].status).toBe('delivered');
    // The payment page's timeline shows the outcome of each event's latest delivery.
    const paymentPage = text((await dash.get(`/dashboard/payments/${id}`)).body);
    expect(paymentPage).toMatch(/payment\.awaiting · Webhook delivered \(HTTP 200\), 1 attempt/);
  });

  it('lists every event, delivered or not, with its body, filtered by type and payment', async () => {
    const payment = await createPaymentVia(api);
    await api.delete(`/payments/${payment.id}`);
    const page = await dash.get(`/dashboard/events?payment=${payment.id}`);
    expect(page.status).toBe(200);
    const [event] = (await api.get(`/events?payment_id=${payment.id}`)).body.data;
    expect(event.event).toBe('payment.cancelled');
    expect(page.body).toContain(`<code>${event.id}</code>`);
    // The body as stored (the bytes deliveries sign), pretty-printed: the same object the API returns.
    const shown = /<pre class="body" tabindex="0">([^<]+)<\/pre>/.exec(page.body)![1]!;
    const unescapeHtml = (t: string) =>
      t
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&#96;', '`')
        .replaceAll('&amp;', '&');
    expect(JSON.parse(unescapeHtml(shown))).toEqual(event);
    const other = await dash.get(`/dashboard/events?payment=${payment.id}&type=payment.confirmed`);
    expect(other.body).toContain('No events match.');
    const all = await dash.get('/dashboard/events?type=payment.cancelled');
    expect(all.body).toContain(`<code>${event.id}</code>`);
  });

  it('never redelivers another business’s delivery', async () => {
    const [theirs] = await sql<{ id: string }>(
      w.test,
      'select id from webhook_deliveries where business_id <> ? limit 1',
      [w.test.businessId],
    );
    const target = theirs?.id ?? randomUUID();
    await dash.get('/dashboard/webhooks');
    expect((await dash.post(`/dashboard/webhooks/${target}/redeliver`)).status).toBe(404);
  });
});

describe('home: what needs the merchant now', () => {
  it('warns of low and used-up credit and of a wallet whose setup failed, and counts today per mode', async () => {
    const gateway = w.test.running.gateway;
    const balance = async () =>
      (
        await sql<{ b: string }>(
          w.test,
          `select coalesce(sum(amount_usd), 0)::text as b from credit_ledger where business_id = ? and mode = 'test'`,
          [w.test.businessId],
        )
      )[0]!.b;
    const adjust = (amount: string) =>
      sql(w.test, `insert into credit_ledger values (?, ?, 'test', 'adjustment', ?::numeric, null, ?)`, [
        randomUUID(),
        w.test.businessId,
        amount,
        gateway.clock.now(),
      ]);
    const home = async () => text((await dash.get('/dashboard/')).body);
    expect(await home()).not.toMatch(/Prepaid Credit \(test\) is (running low|used up)/);
    // Down to $3: under the $5 floor.
    const start = await balance();
    await adjust(`-${start}`);
    await adjust('3');
    expect(await home()).toMatch(/Prepaid Credit \(test\) is running low\s*: \$3\.00 left/);
    await adjust('-3');
    expect(await home()).toMatch(
      /Prepaid Credit \(test\) is used up\s*\(\$0\.00\): new test-mode payments are refused/,
    );
    const credit = text((await dash.get('/dashboard/credit')).body);
    expect(credit).toContain('Used up');
    expect(credit).toContain(`cairn credit:top-up --business ${w.test.businessId} --mode test --usd 50`);
    await adjust(start);

    await sql(
      w.test,
      `update wallets set onboarding_status = 'failed', onboarding_error = 'the gas wallet has no funds'
        where business_id = ? and mode = 'test' and chain_id = 'LTC_TESTNET'`,
      [w.test.businessId],
    );
    expect(await home()).toMatch(/LTC_TESTNET wallet setup failed\s*: the gas wallet has no funds\./);
    await sql(
      w.test,
      `update wallets set onboarding_status = null, onboarding_error = null where chain_id = 'LTC_TESTNET'`,
    );

    // Today's figures (UTC), per mode: created and confirmed, summed per currency.
    const today = await home();
    expect(today).toMatch(/Today, test mode \$\d+\.\d\d \d+ confirmed · \d+ created/);
    expect(today).toMatch(/Today, live mode \$0\.00 0 confirmed · \d+ created/);
  });
});
