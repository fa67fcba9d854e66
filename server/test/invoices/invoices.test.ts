import { randomUUID } from 'node:crypto';
import { InvoiceSchema, PaymentSchema } from '@cairn/contract';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { invoiceReminderTask } from '../../src/workers/jobs/invoiceReminderTask.js';
import { paymentTimerTask } from '../../src/workers/jobs/paymentTimerTask.js';
import {
  type Client,
  clientFor,
  expectError,
  newKey,
  observe,
  otherBusiness,
  sql,
} from '../api/apiHelpers.js';
import { getPage, postForm } from '../checkoutPage/checkoutHelpers.js';
import { startWebhookTest, type WebhookTest } from '../webhooks/webhookHarness.js';

// Invoices over real HTTP: the API (create, retrieve, list, send, remind, void), the invoice page
// (viewed once, Pay opens one payment, printable view), invoice.paid and invoice.refunded following
// the payment's lifecycle, the reminder schedule on the gateway's clock, and the events API's filter.

let w: WebhookTest;
let api: Client;
let invoiceKey: { key: string; id: string };
const MINUTE = 60_000;

beforeAll(async () => {
  // Pay presses come from one address here: the per-IP limit is raised (paymentLinks.test checks it).
  w = await startWebhookTest({
    start: '2026-09-01T08:00:00Z',
    env: { CAIRN_LINK_PAYMENTS_PER_MINUTE: '1000' },
  });
  api = clientFor(w.test.baseUrl, w.test.apiKey);
  invoiceKey = await newKey(w.test);
});
afterAll(async () => {
  await w?.stop();
});

const body = (extra: Record<string, unknown> = {}) => ({
  recipient_email: 'ada@example.com',
  recipient_name: 'Ada Lovelace',
  fiat_currency: 'USD',
  line_items: [
    { description: 'Design work', quantity: '3', unit_price: '19.99' },
    { description: 'Stamps', quantity: '1.5', unit_price: '0.05' },
  ],
  due_date: '2026-09-30',
  memo: 'Thank you for your business.',
  ...extra,
});
// biome-ignore lint/suspicious/noExplicitAny: API bodies
const create = async (extra: Record<string, unknown> = {}, as = api): Promise<any> => {
  const response = await as.post('/invoices', body(extra));
  expect(response.status, response.text).toBe(201);
  return InvoiceSchema.parse(response.body.data);
};
const read = async (id: string, as = api) => {
  const response = await as.get(`/invoices/${id}`);
  expect(response.status, response.text).toBe(200);
  return InvoiceSchema.parse(response.body.data);
};
const eventsOf = async (invoiceId: string) =>
  (
    await sql<{ event: string }>(
      w.test,
      `select event from outbox_events where invoice_id = ? and event like 'invoice.%' order by seq`,
      [invoiceId],
    )
  ).map((e) => e.event);
const mailsTo = (address: string) =>
  sql<{ kind: string; subject: string; text_body: string }>(
    w.test,
    'select kind, subject, text_body from mail_messages where to_address = ? order by created_at, id',
    [address],
  );
const pagePath = (id: string) => `${w.test.baseUrl}/checkout/invoices/${id}`;
const pay = async (id: string) => {
  const response = await postForm(`${pagePath(id)}/pay`, {});
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
};

describe('creating invoices', () => {
  it('computes each line and the total exactly, numbers invoices, and starts as a draft', async () => {
    const first = await create();
    expect(first).toMatchObject({
      status: 'draft',
      overdue: false,
      mode: 'test',
      fiat_currency: 'USD',
      line_items: [
        { description: 'Design work', quantity: '3', unit_price: '19.99', amount: '59.97' },
        // 1.5 × 0.05 = 0.075, rounded half-up.
        { description: 'Stamps', quantity: '1.5', unit_price: '0.05', amount: '0.08' },
      ],
      total: '60.05',
      due_date: '2026-09-30',
      payment_id: null,
      sent_at: null,
      hosted_url: `${w.test.running.gateway.config.urls.checkout}/invoices/${first.id}`,
      reminders_sent: 0,
    });
    expect(first.number).toMatch(/^INV-\d{6}$/);
    const second = await create();
    expect(Number(second.number.slice(4))).toBe(Number(first.number.slice(4)) + 1);
    const yen = await create({
      fiat_currency: 'JPY',
      line_items: [{ description: 'Tea', quantity: '7', unit_price: '1500' }],
    });
    expect(yen.total).toBe('10500');
    expect(await read(first.id)).toEqual(first);
    // A draft is nobody's to see yet.
    expect((await getPage(pagePath(first.id))).status).toBe(404);
  });

  it("takes the merchant's number once per business and mode", async () => {
    const number = `ACME-${randomUUID().slice(0, 8)}`;
    expect((await create({ number })).number).toBe(number);
    expectError(await api.post('/invoices', body({ number })), 'INVOICE_NUMBER_TAKEN');
    // The live mode and another business have numbers of their own.
    const live = clientFor(w.test.baseUrl, w.test.liveKey);
    expect((await live.post('/invoices', body({ number }))).status).toBe(201);
    const stranger = clientFor(w.test.baseUrl, (await otherBusiness(w.test)).key);
    expect((await stranger.post('/invoices', body({ number }))).status).toBe(201);
  });

  it('refuses bad input with the field named', async () => {
    expectError(
      await api.post('/invoices', body({ due_date: '2026-02-30' })),
      'VALIDATION_ERROR',
      'due_date',
    );
    expectError(
      await api.post(
        '/invoices',
        body({ line_items: [{ description: 'x', quantity: '1', unit_price: '1.001' }] }),
      ),
      'VALIDATION_ERROR',
      'line_items.0.unit_price',
    );
    expectError(
      await api.post(
        '/invoices',
        body({ line_items: [{ description: 'Free', quantity: '1', unit_price: '0' }] }),
      ),
      'VALIDATION_ERROR',
      'line_items',
    );
    expectError(
      await api.post('/invoices', body({ recipient_email: 'nope' })),
      'VALIDATION_ERROR',
      'recipient_email',
    );
    expectError(
      await api.post('/invoices', body({ accepted_chains: ['BTC'] })),
      'VALIDATION_ERROR',
      'accepted_chains.0',
    );
    expectError(
      await api.post('/invoices', body({ restrict_to_accepted: true })),
      'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
    );
  });

  it('takes due dates from 0001-01-01 to 9998-12-31, so every reminder falls in a four-digit year', async () => {
    // Year 0000 is no date PostgreSQL stores; a reminder a year after 9999-12-31 would be in year 10000.
    for (const due_date of ['0000-01-01', '9999-01-01', '9999-12-31'])
      expectError(
        await api.post('/invoices', body({ due_date, reminder_days: [365] })),
        'VALIDATION_ERROR',
        'due_date',
      );
    const last = await create({ due_date: '9998-12-31', reminder_days: [365] });
    expect((await api.post(`/invoices/${last.id}/send`)).status).toBe(200);
    const first = await create({ due_date: '0001-01-01', reminder_days: [-3, 0] });
    expect((await api.post(`/invoices/${first.id}/send`)).status).toBe(200);
  });
});

describe('sending, viewing and paying an invoice', () => {
  let invoice: Awaited<ReturnType<typeof create>>;
  const recipient = `payer-${randomUUID().slice(0, 6)}@example.com`;

  beforeAll(async () => {
    // The invoice key's endpoint takes invoice events; the default key's endpoint only payment events.
    await setWebhookEndpoint(w.context(), {
      apiKeyId: invoiceKey.id,
      url: 'http://127.0.0.1:9/hooks',
      events: [
        'invoice.sent',
        'invoice.viewed',
        'invoice.paid',
        'invoice.refunded',
        'invoice.reminder',
        'payment.confirmed',
      ],
    });
    invoice = await create(
      { recipient_email: recipient, metadata: { project: 'p-7' } },
      clientFor(w.test.baseUrl, invoiceKey.key),
    );
  });
  const own = () => clientFor(w.test.baseUrl, invoiceKey.key);

  it('a draft cannot be reminded; send opens it, mails the link and sends invoice.sent', async () => {
    expectError(await own().post(`/invoices/${invoice.id}/remind`), 'INVALID_INVOICE_STATE');
    const sent = await own().post(`/invoices/${invoice.id}/send`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'open', sent_at: '2026-09-01T08:00:00Z' });
    const [mail] = await mailsTo(recipient);
    expect(mail!.kind).toBe('invoice');
    expect(mail!.subject).toContain(invoice.number);
    expect(mail!.subject).toContain('$60.05');
    expect(mail!.text_body).toContain(invoice.hosted_url);
    expect(mail!.text_body).toContain('Thank you for your business.');
    expect(await eventsOf(invoice.id)).toEqual(['invoice.sent']);
    // Delivered only to an endpoint subscribed to it.
    const deliveries = await sql<{ event: string }>(
      w.test,
      `select d.event from webhook_deliveries d join outbox_events o on o.id = d.outbox_event_id where o.invoice_id = ?`,
      [invoice.id],
    );
    expect(deliveries.map((d) => d.event)).toEqual(['invoice.sent']);
    // Sending again mails it again.
    expect((await own().post(`/invoices/${invoice.id}/send`)).status).toBe(200);
    expect((await mailsTo(recipient)).map((m) => m.kind)).toEqual(['invoice', 'invoice']);
    expect(await eventsOf(invoice.id)).toEqual(['invoice.sent', 'invoice.sent']);
  });

  it('the first open sends invoice.viewed once; the page shows the invoice and a Pay button', async () => {
    w.clock.advance(MINUTE);
    const page = await getPage(pagePath(invoice.id));
    expect(page.status).toBe(200);
    for (const text of [
      invoice.number,
      'Ada Lovelace',
      recipient,
      'Design work',
      '$59.97',
      '$0.08',
      '$60.05',
      'September 30, 2026',
    ])
      expect(page.text).toContain(text);
    expect(page.text).toContain(`action="/checkout/invoices/${invoice.id}/pay"`);
    expect(page.text).toContain(`href="/checkout/invoices/${invoice.id}/print"`);
    await getPage(pagePath(invoice.id));
    const print = await getPage(`${pagePath(invoice.id)}/print`);
    expect(print.status).toBe(200);
    expect(print.text).not.toContain(`action="/checkout/invoices/${invoice.id}/pay"`);
    expect(await eventsOf(invoice.id)).toEqual(['invoice.sent', 'invoice.sent', 'invoice.viewed']);
    expect((await read(invoice.id, own())).viewed_at).toBe('2026-09-01T08:01:00Z');
  });

  it('Pay opens one payment of the invoice (again on a second press); its confirmation makes the invoice paid', async () => {
    const location = await pay(invoice.id);
    const paymentId = location.split('/').at(-1)!;
    expect(location).toBe(`/checkout/${paymentId}`);
    expect(await pay(invoice.id)).toBe(location);
    const payment = PaymentSchema.parse((await own().get(`/payments/${paymentId}`)).body.data);
    expect(payment).toMatchObject({
      fiat_amount: '60.05',
      fiat_currency: 'USD',
      invoice_id: invoice.id,
      order_id: invoice.number,
      customer_email: recipient,
      description: `Invoice ${invoice.number}`,
      success_url: invoice.hosted_url,
      metadata: { project: 'p-7' },
    });
    expect((await read(invoice.id, own())).payment_id).toBe(paymentId);
    const selected = await own().post(`/checkout/${paymentId}/select-chain`, { token: 'BTC_TESTNET:BTC' });
    expect(selected.status, selected.text).toBe(200);
    w.clock.advance(MINUTE);
    await observe(w.test, paymentId, { depth: 6 });
    const paid = await read(invoice.id, own());
    expect(paid).toMatchObject({ status: 'paid', paid_at: '2026-09-01T08:02:00Z', payment_id: paymentId });
    expect(await eventsOf(invoice.id)).toEqual([
      'invoice.sent',
      'invoice.sent',
      'invoice.viewed',
      'invoice.paid',
    ]);
    const page = await getPage(pagePath(invoice.id));
    expect(page.text).toContain('This invoice was paid on September 1, 2026');
    expect(page.text).not.toContain(`/pay"`);
    // Pay on a paid invoice leads back to it; it cannot be sent, reminded or voided.
    expect(await pay(invoice.id)).toBe(`/checkout/invoices/${invoice.id}`);
    expectError(await own().post(`/invoices/${invoice.id}/send`), 'INVALID_INVOICE_STATE');
    expectError(await own().post(`/invoices/${invoice.id}/remind`), 'INVALID_INVOICE_STATE');
    expectError(await own().post(`/invoices/${invoice.id}/void`), 'INVALID_INVOICE_STATE');
  });

  it("the events API lists the invoice's events and its payment's with invoice_id", async () => {
    const listed = await own().get(`/events?invoice_id=${invoice.id}&limit=100`);
    expect(listed.status, listed.text).toBe(200);
    const names = listed.body.data.map((e: { event: string }) => e.event).reverse();
    expect(names.filter((n: string) => n.startsWith('invoice.'))).toEqual([
      'invoice.sent',
      'invoice.sent',
      'invoice.viewed',
      'invoice.paid',
    ]);
    expect(names).toContain('payment.confirmed');
    const paidEvent = listed.body.data.find((e: { event: string }) => e.event === 'invoice.paid');
    expect(InvoiceSchema.parse(paidEvent.data.invoice)).toMatchObject({ id: invoice.id, status: 'paid' });
    // Another business's key sees none of them.
    const stranger = clientFor(w.test.baseUrl, (await otherBusiness(w.test)).key);
    expect((await stranger.get(`/events?invoice_id=${invoice.id}`)).body.data).toEqual([]);
    expectError(await stranger.get(`/invoices/${invoice.id}`), 'NOT_FOUND');
  });
});

describe('a refunded invoice payment', () => {
  it('an underpaid payment of the invoice refunded by the merchant closes the invoice as refunded', async () => {
    const invoice = await create();
    await api.post(`/invoices/${invoice.id}/send`);
    const paymentId = (await pay(invoice.id)).split('/').at(-1)!;
    await api.post(`/checkout/${paymentId}/select-chain`, { token: 'BTC_TESTNET:BTC' });
    await observe(w.test, paymentId, { fraction: [1n, 2n], depth: 6 });
    expect((await api.get(`/payments/${paymentId}`)).body.data.status).toBe('underpaid');
    // Underpaid: Pay still opens the same payment (the rest is due on it).
    expect(await pay(invoice.id)).toBe(`/checkout/${paymentId}`);
    const refund = await api.post(`/payments/${paymentId}/refunds`, {
      chain_id: 'BTC_TESTNET',
      coin_symbol: 'BTC',
      tx_id: 'ab'.repeat(32),
      amount: '1000',
    });
    expect(refund.status, refund.text).toBe(201);
    expect(await read(invoice.id)).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    expect(await eventsOf(invoice.id)).toEqual(['invoice.sent', 'invoice.refunded']);
  });
});

describe('voiding', () => {
  it('voids an open invoice and cancels its unpaid payment; the page then refuses payment', async () => {
    const invoice = await create();
    await api.post(`/invoices/${invoice.id}/send`);
    const paymentId = (await pay(invoice.id)).split('/').at(-1)!;
    const voided = await api.post(`/invoices/${invoice.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'void', voided_at: expect.any(String) });
    expect((await api.get(`/payments/${paymentId}`)).body.data).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'merchant',
    });
    const again = await api.post(`/invoices/${invoice.id}/void`);
    expect(again.body.data).toEqual(voided.body.data);
    const page = await getPage(pagePath(invoice.id));
    expect(page.status).toBe(410);
    expect(page.text).toContain('This invoice is void');
    expect(await pay(invoice.id)).toBe(`/checkout/invoices/${invoice.id}`);
    expectError(await api.post(`/invoices/${invoice.id}/send`), 'INVALID_INVOICE_STATE');
  });

  it('refuses to void an invoice whose payment has seen funds, or expired and could still be revived', async () => {
    const invoice = await create();
    await api.post(`/invoices/${invoice.id}/send`);
    const paymentId = (await pay(invoice.id)).split('/').at(-1)!;
    await api.post(`/checkout/${paymentId}/select-chain`, { token: 'BTC_TESTNET:BTC' });
    const txId = await observe(w.test, paymentId, { depth: 0 });
    expectError(await api.post(`/invoices/${invoice.id}/void`), 'INVALID_INVOICE_STATE');
    expect((await read(invoice.id)).status).toBe('open');
    await observe(w.test, paymentId, { depth: 0, txId, removed: true });

    const quiet = await create();
    await api.post(`/invoices/${quiet.id}/send`);
    const quietPayment = (await pay(quiet.id)).split('/').at(-1)!;
    await api.post(`/checkout/${quietPayment}/select-chain`, { token: 'BTC_TESTNET:BTC' });
    const before = w.clock.now();
    const expiresAt = Date.parse((await api.get(`/payments/${quietPayment}`)).body.data.expires_at);
    w.clock.set(new Date(expiresAt + MINUTE));
    await paymentTimerTask(w.test.running.gateway)(
      { paymentId: quietPayment, timer: 'window' },
      {} as JobHelpers,
    );
    expect((await api.get(`/payments/${quietPayment}`)).body.data.status).toBe('expired');
    const refused = await api.post(`/invoices/${quiet.id}/void`);
    expectError(refused, 'INVALID_INVOICE_STATE');
    expect(refused.body.error.message).toContain('late grace');
    // An expired payment is replaced by the next Pay.
    const next = (await pay(quiet.id)).split('/').at(-1)!;
    expect(next).not.toBe(quietPayment);
    expect((await read(quiet.id)).payment_id).toBe(next);
    // The replaced payment still blocks the void while a late transfer could revive it.
    const stillRefused = await api.post(`/invoices/${quiet.id}/void`);
    expectError(stillRefused, 'INVALID_INVOICE_STATE');
    expect(stillRefused.body.error.message).toContain(quietPayment);
    expect((await api.get(`/payments/${next}`)).body.data.status).toBe('pending');
    // Once its late grace is over, the void goes through and cancels the new payment.
    const grace = Date.parse((await api.get(`/payments/${quietPayment}`)).body.data.expires_at);
    w.clock.set(new Date(grace + 7 * 86_400_000));
    const voided = await api.post(`/invoices/${quiet.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect((await api.get(`/payments/${next}`)).body.data.status).toBe('cancelled');
    w.clock.set(before);
  });
});

describe('reorgs', () => {
  it('a reorg that takes the paying transfer away reopens the paid invoice', async () => {
    const invoice = await create({ reminder_days: [3] });
    await api.post(`/invoices/${invoice.id}/send`);
    const paymentId = (await pay(invoice.id)).split('/').at(-1)!;
    await api.post(`/checkout/${paymentId}/select-chain`, { token: 'BTC_TESTNET:BTC' });
    const txId = await observe(w.test, paymentId, { depth: 6 });
    expect((await read(invoice.id)).status).toBe('paid');
    await observe(w.test, paymentId, { depth: 6, txId, removed: true });
    const payment = (await api.get(`/payments/${paymentId}`)).body.data;
    expect(payment.status).not.toBe('confirmed');
    expect(await read(invoice.id)).toMatchObject({ status: 'open', paid_at: null, payment_id: paymentId });
    const [job] = await sql(w.test, 'select 1 from graphile_worker.jobs where key = ?', [
      `invoice:${invoice.id}:reminder`,
    ]);
    expect(job).toBeDefined();
    expect(await eventsOf(invoice.id)).toEqual(['invoice.sent', 'invoice.paid']);
  });
});

describe('reminders', () => {
  it('go out on the schedule by the gateway clock, once per due time, and on demand', async () => {
    w.clock.set(new Date('2026-10-01T08:00:00Z'));
    const recipient = `late-${randomUUID().slice(0, 6)}@example.com`;
    const invoice = await create({
      recipient_email: recipient,
      due_date: '2026-10-10',
      reminder_days: [7, -1, 0, -30],
    });
    expect(invoice.reminder_days).toEqual([-30, -1, 0, 7]);
    await api.post(`/invoices/${invoice.id}/send`);
    // -30 (2026-09-10) had passed at sending: skipped. The next is the day before the due date.
    const job = async () => {
      const [row] = await sql<{ run_at: string }>(
        w.test,
        'select run_at from graphile_worker.jobs where key = ?',
        [`invoice:${invoice.id}:reminder`],
      );
      return row ? new Date(row.run_at).toISOString() : undefined;
    };
    expect(await job()).toBe('2026-10-09T09:00:00.000Z');
    const task = invoiceReminderTask(w.test.running.gateway);
    const run = () => task({ invoiceId: invoice.id }, {} as JobHelpers);

    // Early: nothing is sent.
    await run();
    expect((await read(invoice.id)).reminders_sent).toBe(0);
    w.clock.set(new Date('2026-10-09T09:05:00Z'));
    await run();
    expect(await read(invoice.id)).toMatchObject({
      reminders_sent: 1,
      last_reminder_at: '2026-10-09T09:05:00Z',
    });
    expect(await job()).toBe('2026-10-10T09:00:00.000Z');
    // The worker was down over the due date and a week after: one reminder for both.
    w.clock.set(new Date('2026-10-20T12:00:00Z'));
    await run();
    const late = await read(invoice.id);
    expect(late).toMatchObject({ reminders_sent: 2, overdue: true });
    expect(await job()).toBeUndefined();
    await run();
    expect((await read(invoice.id)).reminders_sent).toBe(2);
    const mails = await mailsTo(recipient);
    expect(mails.map((m) => m.kind)).toEqual(['invoice', 'invoice_reminder', 'invoice_reminder']);
    expect(mails[2]!.subject).toContain('is overdue');
    expect(mails[1]!.text_body).toContain('is due on October 10, 2026');
    expect(await eventsOf(invoice.id)).toEqual(['invoice.sent', 'invoice.reminder', 'invoice.reminder']);
    // On demand, too.
    expect((await api.post(`/invoices/${invoice.id}/remind`)).body.data.reminders_sent).toBe(3);
    // The overdue filter finds it.
    const overdue = await api.get('/invoices?overdue=true&limit=100');
    expect(overdue.body.data.map((i: { id: string }) => i.id)).toContain(invoice.id);
    expect(overdue.body.data.every((i: { overdue: boolean }) => i.overdue)).toBe(true);
  });
});

describe('listing invoices', () => {
  it('pages newest first and filters by status, number and recipient, within the business and mode', async () => {
    const key = await newKey(w.test);
    const mine = clientFor(w.test.baseUrl, key.key);
    const recipient = `list-${randomUUID().slice(0, 6)}@Example.com`;
    const made = [];
    for (let i = 0; i < 3; i++) {
      w.clock.advance(1000);
      made.push(await create({ recipient_email: recipient }, mine));
    }
    await mine.post(`/invoices/${made[1].id}/send`);
    const byRecipient = await mine.get(
      `/invoices?recipient_email=${encodeURIComponent(recipient.toLowerCase())}&limit=2`,
    );
    expect(byRecipient.body.data.map((i: { id: string }) => i.id)).toEqual([made[2].id, made[1].id]);
    expect(byRecipient.body.has_more).toBe(true);
    const rest = await mine.get(
      `/invoices?recipient_email=${encodeURIComponent(recipient)}&limit=2&starting_after=${byRecipient.body.next_starting_after}`,
    );
    expect(rest.body.data.map((i: { id: string }) => i.id)).toEqual([made[0].id]);
    expect(rest.body.has_more).toBe(false);
    const open = await mine.get(`/invoices?status=open&recipient_email=${encodeURIComponent(recipient)}`);
    expect(open.body.data.map((i: { id: string }) => i.id)).toEqual([made[1].id]);
    const byNumber = await mine.get(`/invoices?number=${made[0].number}`);
    expect(byNumber.body.data.map((i: { id: string }) => i.id)).toEqual([made[0].id]);
    expectError(await mine.get('/invoices?status=late'), 'VALIDATION_ERROR', 'status');
    expectError(await mine.get(`/invoices/${randomUUID()}`), 'NOT_FOUND');
    const live = clientFor(w.test.baseUrl, w.test.liveKey);
    expect((await live.get(`/invoices?recipient_email=${encodeURIComponent(recipient)}`)).body.data).toEqual(
      [],
    );
  });
});

describe('the language the merchant sets', () => {
  const inLanguage = (url: string, acceptLanguage: string, cookie?: string) =>
    fetch(url, {
      redirect: 'manual',
      headers: { 'accept-language': acceptLanguage, ...(cookie ? { cookie } : {}) },
    });

  it('writes the mails in it and opens the page in it, unless the recipient chose another', async () => {
    const recipient = `lang-${randomUUID()}@example.com`;
    const invoice = await create({ recipient_email: recipient, language: 'fr' });
    expect(invoice.language).toBe('fr');
    expect((await read(invoice.id)).language).toBe('fr');
    expect((await create()).language).toBeNull();
    expectError(await api.post('/invoices', body({ language: 'xx' })), 'VALIDATION_ERROR', 'language');

    expect((await api.post(`/invoices/${invoice.id}/send`)).status).toBe(200);
    const [mail] = await mailsTo(recipient);
    // French: the total and the due date as France writes them.
    expect(mail!.subject).toMatch(new RegExp(`^Facture ${invoice.number} de .+\\s:\\s60,05\\s\\$US$`));
    expect(mail!.text_body).toContain('30 septembre 2026');
    expect(mail!.text_body).not.toContain('Open it to see the details');

    // The page opens in French whatever the browser asks for...
    const page = await (await inLanguage(pagePath(invoice.id), 'de-DE,de;q=0.9')).text();
    expect(page).toContain('<html lang="fr" dir="ltr">');
    expect(page).toContain('30 septembre 2026');
    // ...and Pay carries the language to the checkout, which a German browser would not pick.
    const payPress = await fetch(`${pagePath(invoice.id)}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' },
      body: '',
    });
    expect(payPress.status).toBe(303);
    const checkout = payPress.headers.get('location')!;
    expect(checkout).toMatch(/^\/checkout\/[0-9a-f-]{36}\?lang=fr$/);
    const checkoutPage = await inLanguage(`${w.test.baseUrl}${checkout}`, 'de');
    expect(await checkoutPage.text()).toContain('<html lang="fr" dir="ltr">');
    expect(checkoutPage.headers.get('set-cookie')).toMatch(
      /^cairn_lang=fr; Max-Age=31536000; Path=\/checkout; HttpOnly; SameSite=Lax$/,
    );

    // The recipient's own choice (the language menu's cookie) wins over the invoice's.
    const japanese = await (await inLanguage(pagePath(invoice.id), 'de', 'cairn_lang=ja')).text();
    expect(japanese).toContain('<html lang="ja" dir="ltr">');

    // Without a language, the page follows the browser and the mails are English.
    const plain = await create({ recipient_email: `plain-${recipient}` });
    expect((await api.post(`/invoices/${plain.id}/send`)).status).toBe(200);
    const [plainMail] = await mailsTo(`plain-${recipient}`);
    expect(plainMail!.text_body).toContain('due on September 30, 2026');
    expect(await (await inLanguage(pagePath(plain.id), 'es-MX')).text()).toContain(
      '<html lang="es" dir="ltr">',
    );
  });
});
