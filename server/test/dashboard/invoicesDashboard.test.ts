import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { clientFor, otherBusiness, sql } from '../api/apiHelpers.js';
import { getPage, postForm } from '../checkoutPage/checkoutHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { DashboardClient } from './DashboardClient.js';

// Invoices in the dashboard over HTTP (no browser): the new-invoice form (with its refusals), the
// invoice page with Send, Remind and Void (mail, events, audit), the preview that is not the
// recipient's view, the list's filters and pages, CSRF, and the scope of a business and mode.

let test: TestGateway;
let dash: DashboardClient;
const clock = new ManualClock('2026-10-05T09:00:00Z');

beforeAll(async () => {
  // Live mode here is about what a mode shows; two-factor before live is tested in twoFactor.test.ts.
  test = await startTestGateway({ clock, env: { CAIRN_REQUIRE_2FA_FOR_LIVE: 'false' } });
  const em = test.running.gateway.orm.em.fork();
  const business = await em.findOneOrFail(Business, { id: test.businessId });
  const { token } = await createSession(em, clock, {
    userId: business.userId,
    lifetime: { absoluteMs: 30 * 86_400_000, idleMs: 30 * 86_400_000 },
  });
  dash = new DashboardClient(test.baseUrl);
  dash.cookies.set('cairn_session', token);
});
afterAll(async () => {
  await test?.stop();
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#39;', "'")
    .replace(/\s+/g, ' ');
const form = (extra: Record<string, string> = {}) => ({
  recipient_email: 'grace@example.com',
  recipient_name: 'Grace Hopper',
  fiat_currency: 'eur',
  due_date: '2026-10-20',
  number: '',
  memo: 'Net 15.',
  reminder_days: '-2, 3',
  api_key: test.apiKeyId,
  line_0_description: 'Consulting',
  line_0_quantity: '4',
  line_0_unit_price: '120.00',
  line_1_description: '',
  line_1_quantity: '',
  line_1_unit_price: '',
  line_2_description: 'Travel',
  line_2_quantity: '1',
  line_2_unit_price: '35.50',
  ...extra,
});
const mails = (kind: string) =>
  sql<{ to_address: string }>(
    test,
    'select to_address from mail_messages where kind = ? order by created_at',
    [kind],
  );
const eventCount = async (event: string, invoiceId: string) =>
  (
    await sql<{ n: number }>(
      test,
      'select count(*)::int as n from outbox_events where event = ? and invoice_id = ?',
      [event, invoiceId],
    )
  )[0]!.n;

describe('invoices in the dashboard', () => {
  let invoicePath = '';
  let invoiceId = '';

  it('lists none at first and links to the form, which offers the active keys of the mode', async () => {
    const list = await dash.get('/dashboard/invoices');
    expect(list.status).toBe(200);
    expect(text(list.body)).toContain('No test-mode invoices yet.');
    expect(list.body).toContain('aria-current="page">Invoices');
    expect(list.body).toContain('href="/dashboard/invoices/new"');
    const page = await dash.get('/dashboard/invoices/new');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<option value="${test.apiKeyId}"`);
    // One line to start with; more are added with Add a line.
    expect(page.body).toContain('name="line_0_unit_price"');
    expect(page.body).not.toContain('name="line_1_unit_price"');
    expect(page.body).toContain('id="f-due_date" name="due_date" type="date"');
    expect(page.body).toContain('name="_csrf"');
    // The currency is a list; with no invoice yet it starts on USD.
    expect(page.body).toContain('<select id="f-fiat_currency" name="fiat_currency" required>');
    // The language: blank (the recipient's browser) or one of the twelve, named in English and in itself.
    expect(page.body).toContain(
      '<option value="">The recipient’s browser decides (mails in English)</option>',
    );
    expect(page.body).toContain('<option value="ja">Japanese — 日本語</option>');
    const languages = /<select id="f-language"[^>]*>(.*?)<\/select>/s.exec(page.body)![1]!;
    expect(languages.match(/<option value="[a-zA-Z-]+">[^<]+ — [^<]+<\/option>/g)?.length).toBe(11);
    expect(languages).toContain('<option value="en">English</option>');
    expect(page.body).toContain('<option value="USD" selected>USD — US Dollar</option>');
    expect(page.body).toContain('<option value="EUR">EUR — Euro</option>');
  });

  it('Add a line (without JavaScript) shows the form again with one more line, keeping what was typed', async () => {
    await dash.get('/dashboard/invoices/new');
    const added = await dash.post('/dashboard/invoices', {
      ...form(),
      line_1_description: 'Review',
      line_1_quantity: '2',
      line_1_unit_price: '9,99',
      action: 'add_line',
    });
    expect(added.status).toBe(200);
    expect(added.body).not.toContain('error-text');
    for (const kept of [
      'value="grace@example.com"',
      'value="Consulting"',
      'value="Review"',
      'value="9,99"',
      'value="Travel"',
    ])
      expect(added.body).toContain(kept);
    expect(added.body).toContain('<option value="EUR" selected>');
    // Lines 0 to 2 as sent, and a fourth, empty one with quantity 1.
    expect(added.body).toContain('id="f-line_3_description" name="line_3_description" type="text" value=""');
    expect(added.body).toContain('id="f-line_3_quantity" name="line_3_quantity" type="text" value="1"');
    expect(added.body).not.toContain('name="line_4_description"');
    expect(added.body).toContain('aria-label="Remove line 4"');
    const count = await sql<{ n: number }>(test, 'select count(*)::int as n from invoices');
    expect(count[0]!.n).toBe(0);
  });

  it('Remove takes that line out and renumbers the rest, creating nothing', async () => {
    await dash.get('/dashboard/invoices/new');
    const removed = await dash.post('/dashboard/invoices', {
      ...form(),
      line_1_description: 'Review',
      line_1_quantity: '2',
      line_1_unit_price: '10.00',
      remove_line: '0',
    });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toContain('value="Consulting"');
    expect(removed.body).toContain(
      'id="f-line_0_description" name="line_0_description" type="text" value="Review"',
    );
    expect(removed.body).toContain(
      'id="f-line_1_description" name="line_1_description" type="text" value="Travel"',
    );
    expect(removed.body).not.toContain('name="line_2_description"');
    const count = await sql<{ n: number }>(test, 'select count(*)::int as n from invoices');
    expect(count[0]!.n).toBe(0);
  });

  it('says an amount typed with a decimal comma in the merchant’s words, beside its line', async () => {
    await dash.get('/dashboard/invoices/new');
    const refused = await dash.post(
      '/dashboard/invoices',
      form({ line_2_unit_price: '9,99', line_0_unit_price: 'ten', line_0_quantity: '1,5' }),
    );
    expect(refused.status).toBe(422);
    const body = text(refused.body);
    expect(refused.body).toContain('id="f-line_2_unit_price-error">Use a dot for decimals, e.g. 9.99</p>');
    expect(refused.body).toContain('id="f-line_0_unit_price-error">Enter an amount such as 80.00</p>');
    expect(refused.body).toContain('id="f-line_0_quantity-error">Use a dot for decimals, e.g. 1.5</p>');
    expect(body).not.toContain('decimal string');
    // The three lines sent are all still there.
    expect(refused.body).toContain('name="line_2_unit_price"');
  });

  it('refuses a bad form with the reason beside each field and row, keeping what was typed', async () => {
    await dash.get('/dashboard/invoices/new');
    const refused = await dash.post(
      '/dashboard/invoices',
      form({
        recipient_email: 'not-an-address',
        due_date: '2026-02-30',
        line_2_unit_price: '35.505',
        reminder_days: 'soon',
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toContain('id="f-recipient_email-error"');
    expect(text(refused.body)).toContain('Must be a real calendar date.');
    // The error is on form row 3 (index 2), though it is the second line sent.
    expect(refused.body).toContain('id="f-line_2_unit_price-error"');
    expect(text(refused.body)).toContain('EUR has 2 decimal place(s); got 3');
    expect(text(refused.body)).toContain('Enter whole numbers of days separated by commas');
    expect(refused.body).toContain('value="35.505"');
    const empty = await dash.post(
      '/dashboard/invoices',
      form({ line_0_description: '', line_0_unit_price: '', line_2_description: '', line_2_unit_price: '' }),
    );
    expect(empty.status).toBe(422);
    expect(text(empty.body)).toContain('Add at least one line.');
    // A total of zero is the service's refusal, shown under the lines.
    const zero = await dash.post(
      '/dashboard/invoices',
      form({ line_0_unit_price: '0', line_2_description: '', line_2_unit_price: '' }),
    );
    expect(zero.status).toBe(422);
    expect(text(zero.body)).toContain('The total must be greater than zero.');
    // A line with a description but no price is refused on its own row.
    const noPrice = await dash.post(
      '/dashboard/invoices',
      form({ line_2_unit_price: '', line_2_quantity: '' }),
    );
    expect(noPrice.status).toBe(422);
    expect(noPrice.body).toContain('id="f-line_2_unit_price-error"');
    expect(noPrice.body).toContain('id="f-line_2_quantity-error"');
    expect(noPrice.body).not.toContain('id="f-line_0_unit_price-error"');
    expect(await sql(test, 'select id from invoices')).toEqual([]);
  });

  it('refuses a form without its CSRF token or with a forged one', async () => {
    await dash.get('/dashboard/invoices/new');
    const missing = await dash.request('POST', '/dashboard/invoices', form());
    expect(missing.status).toBe(403);
    const forged = await dash.post('/dashboard/invoices', form({ _csrf: 'forged-token' }));
    expect(forged.status).toBe(403);
    expect(await sql(test, 'select id from invoices')).toEqual([]);
  });

  it('creates a draft, shows its lines, total and schedule, and audits it', async () => {
    await dash.get('/dashboard/invoices/new');
    const created = await dash.post('/dashboard/invoices', form({ language: 'de' }));
    expect(created.status).toBe(303);
    expect(created.location).toMatch(/\/dashboard\/invoices\/[0-9a-f-]{36}\?notice=invoice-created$/);
    invoicePath = new URL(created.location!).pathname;
    invoiceId = invoicePath.split('/').at(-1)!;
    const page = await dash.get(`${invoicePath}?notice=invoice-created`);
    const body = text(page.body);
    expect(body).toContain('Draft invoice created');
    expect(body).toContain('Invoice INV-000001');
    expect(body).toContain('€515.50');
    expect(body).toContain('€480.00');
    expect(body).toContain('Grace Hopper');
    expect(body).toContain('Schedule: 2 days before, 3 days after');
    // The language the mails are written in and the page opens in.
    expect(body).toContain('Language German — Deutsch');
    expect(body).toContain('A draft is not shown to anyone');
    expect(page.body).toContain('data-status="draft"');
    // A draft can be sent or voided (with a confirmation), not reminded; it has a preview.
    expect(page.body).toContain('Send to recipient</button>');
    expect(page.body).not.toContain('Send again</button>');
    expect(page.body).not.toContain('Send a reminder</button>');
    expect(page.body).toMatch(
      new RegExp(`action="/dashboard/invoices/${invoiceId}/void" data-confirm="Void this invoice\\?`),
    );
    expect(page.body).toContain(`href="/dashboard/invoices/${invoiceId}/preview"`);
    expect(page.body).toContain('href="/dashboard/events"');
    expect(body).toContain('No events yet.');
    const [audit] = await sql<{ target: string }>(
      test,
      `select target from audit_events where action = 'invoice.created'`,
    );
    expect(audit!.target).toContain(invoiceId);
  });

  it('the preview shows the invoice without counting as the recipient’s view', async () => {
    const preview = await dash.get(`${invoicePath}/preview`);
    expect(preview.status).toBe(200);
    expect(text(preview.body)).toContain('Consulting');
    expect(text(preview.body)).toContain('not recorded as their view');
    expect(text(preview.body)).toContain('€515.50');
    expect(text(preview.body)).toContain('Once sent, the recipient');
    // Nothing on it acts: no Pay form to the recipient's page, no Send or Void.
    expect(preview.body).not.toContain(`/checkout/invoices/${invoiceId}/pay`);
    expect(preview.body).not.toContain(`action="/dashboard/invoices/${invoiceId}/`);
    await dash.get(invoicePath);
    const sentPost = await dash.post(`${invoicePath}/send`);
    expect(sentPost.status).toBe(303);
    expect(sentPost.location).toMatch(/notice=invoice-sent$/);
    const sent = await dash.get(new URL(sentPost.location!).pathname + new URL(sentPost.location!).search);
    expect(text(sent.body)).toContain('Invoice sent');
    expect(sent.body).toContain('data-status="open"');
    expect(sent.body).toContain('Send again</button>');
    expect(sent.body).toContain('Send a reminder</button>');
    expect(sent.body).toContain('Void invoice</button>');
    expect(text(sent.body)).toContain(`${test.running.gateway.config.urls.checkout}/invoices/${invoiceId}`);
    await dash.get(`${invoicePath}/preview`);
    expect(await eventCount('invoice.viewed', invoiceId)).toBe(0);
    // The recipient's page does count.
    expect((await getPage(`${test.baseUrl}/checkout/invoices/${invoiceId}`)).status).toBe(200);
    expect(await eventCount('invoice.viewed', invoiceId)).toBe(1);
  });

  it('Send mailed the recipient; Remind mails again; both are on the page, its events and the audit log', async () => {
    expect((await mails('invoice')).map((m) => m.to_address)).toEqual(['grace@example.com']);
    await dash.get(invoicePath);
    // Without its CSRF token, or with a forged one, Remind is refused and mails nothing.
    expect((await dash.request('POST', `${invoicePath}/remind`, {})).status).toBe(403);
    expect((await dash.post(`${invoicePath}/remind`, { _csrf: 'forged-token' })).status).toBe(403);
    expect(await mails('invoice_reminder')).toEqual([]);
    const remindedPost = await dash.post(`${invoicePath}/remind`);
    expect(remindedPost.status).toBe(303);
    expect(remindedPost.location).toMatch(/notice=invoice-reminded$/);
    const reminded = await dash.get(
      new URL(remindedPost.location!).pathname + new URL(remindedPost.location!).search,
    );
    expect(text(reminded.body)).toContain('Reminder sent to the recipient.');
    expect(text(reminded.body)).toContain('1 sent');
    expect((await mails('invoice_reminder')).map((m) => m.to_address)).toEqual(['grace@example.com']);
    for (const event of ['invoice.sent', 'invoice.viewed', 'invoice.reminder'])
      expect(reminded.body).toContain(`<code>${event}</code>`);
    expect(reminded.body).toContain('data-copy="url-');
    // The recipient presses Pay: the invoice page links to that payment.
    const press = await postForm(`${test.baseUrl}/checkout/invoices/${invoiceId}/pay`, {});
    expect(press.status).toBe(303);
    // The invoice is in German: the checkout opens in it (the recipient's browser asked for nothing).
    const [checkoutPath, query] = press.headers.get('location')!.split('?');
    expect(query).toBe('lang=de');
    const paymentId = checkoutPath!.split('/').at(-1)!;
    const withPayment = await dash.get(invoicePath);
    expect(withPayment.body).toContain(`href="/dashboard/payments/${paymentId}"`);
    const actions = await sql<{ action: string }>(
      test,
      `select action from audit_events where action like 'invoice.%' order by created_at, action`,
    );
    expect(actions.map((a) => a.action).sort()).toEqual([
      'invoice.created',
      'invoice.reminded',
      'invoice.sent',
    ]);
  });

  it('lists and filters invoices; an overdue one is flagged', async () => {
    // Sent, and due before today (the gateway's clock).
    const api = clientFor(test.baseUrl, test.apiKey);
    const late = await api.post('/invoices', {
      recipient_email: 'late@example.com',
      fiat_currency: 'USD',
      line_items: [{ description: 'Old work', quantity: '1', unit_price: '9.00' }],
      due_date: '2026-10-01',
    });
    await api.post(`/invoices/${late.body.data.id}/send`);
    const list = await dash.get('/dashboard/invoices?status=open');
    expect(list.body).toContain(`href="/dashboard/invoices/${invoiceId}"`);
    expect(list.body).toContain(`href="/dashboard/invoices/${late.body.data.id}"`);
    const overdue = await dash.get('/dashboard/invoices?overdue=1');
    expect(overdue.body).toContain(`href="/dashboard/invoices/${late.body.data.id}"`);
    expect(overdue.body).not.toContain(`href="/dashboard/invoices/${invoiceId}"`);
    expect(text(overdue.body)).toContain('Overdue');
    expect((await dash.get('/dashboard/invoices?status=paid')).body).not.toContain(
      `/dashboard/invoices/${invoiceId}"`,
    );
  });

  it('voids it; a refused action is shown with its reason', async () => {
    await dash.get(invoicePath);
    const voidedPost = await dash.post(`${invoicePath}/void`);
    expect(voidedPost.status).toBe(303);
    expect(voidedPost.location).toMatch(/notice=invoice-voided$/);
    const voided = await dash.get(
      new URL(voidedPost.location!).pathname + new URL(voidedPost.location!).search,
    );
    expect(text(voided.body)).toContain('Invoice voided');
    expect(voided.body).toContain('data-status="void"');
    expect(voided.body).not.toContain('Send again</button>');
    expect(voided.body).not.toContain('Void invoice</button>');
    // Voiding cancelled the payment the recipient opened; the invoice's events include its payment's.
    expect(voided.body).toContain('<code>payment.cancelled</code>');
    const [audit] = await sql<{ target: string }>(
      test,
      `select target from audit_events where action = 'invoice.voided'`,
    );
    expect(audit!.target).toContain(invoiceId);
    // The preview shows what the recipient's page now says.
    expect(text((await dash.get(`${invoicePath}/preview`)).body)).toContain('This invoice is void');
    // A stale form (the page was open before the void) is refused with the service's reason.
    const stale = await dash.post(`${invoicePath}/remind`);
    expect(stale.status).toBe(409);
    expect(text(stale.body)).toContain('only an open invoice can be reminded');
    expect(stale.body).toContain('class="notice error" role="alert"');
  });

  it('pages the list newest first, keeping the filter', async () => {
    const api = clientFor(test.baseUrl, test.apiKey);
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      clock.advance(1000);
      const created = await api.post('/invoices', {
        recipient_email: `r${i}@example.com`,
        fiat_currency: 'USD',
        line_items: [{ description: `Item ${i}`, quantity: '1', unit_price: '2.00' }],
        due_date: '2026-12-01',
      });
      expect(created.status).toBe(201);
      ids.push(created.body.data.id);
    }
    // 23 drafts and others; the 21 new drafts fill the first page (20) and start the second.
    const first = await dash.get('/dashboard/invoices?status=draft');
    const hrefs = (body: string) =>
      [...body.matchAll(/href="\/dashboard\/invoices\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(hrefs(first.body)).toEqual(ids.slice(1).reverse());
    const next = /<a rel="next" href="([^"]+)"/.exec(first.body)![1]!.replaceAll('&amp;', '&');
    expect(next).toBe(`/dashboard/invoices?status=draft&after=${ids[1]}`);
    const second = await dash.get(next);
    expect(hrefs(second.body)).toEqual([ids[0]]);
    expect(second.body).not.toContain('rel="next"');
    expect(second.body).toContain('href="/dashboard/invoices?status=draft">First page');
    // A cursor that is not an invoice of this business and mode starts over.
    const bogus = await dash.get('/dashboard/invoices?after=00000000-0000-4000-8000-000000000000');
    expect(bogus.status).toBe(303);
    expect(new URL(bogus.location!).pathname).toBe('/dashboard/invoices');
  });

  it("keeps to the business and mode: another business's invoice and the live mode see none", async () => {
    const stranger = await otherBusiness(test);
    const theirs = await clientFor(test.baseUrl, stranger.key).post('/invoices', {
      recipient_email: 'x@example.com',
      fiat_currency: 'USD',
      line_items: [{ description: 'x', quantity: '1', unit_price: '1.00' }],
      due_date: '2026-12-01',
    });
    expect(theirs.status).toBe(201);
    expect((await dash.get(`/dashboard/invoices/${theirs.body.data.id}`)).status).toBe(404);
    expect((await dash.get(`/dashboard/invoices/${theirs.body.data.id}/preview`)).status).toBe(404);
    await dash.get('/dashboard/invoices');
    expect((await dash.post(`/dashboard/invoices/${theirs.body.data.id}/send`)).status).toBe(404);
    expect((await mails('invoice')).map((m) => m.to_address)).not.toContain('x@example.com');
    await dash.post('/dashboard/mode', { mode: 'live' });
    expect(text((await dash.get('/dashboard/invoices')).body)).toContain('No live-mode invoices yet.');
    expect((await dash.get(invoicePath)).status).toBe(404);
    expect((await dash.get(`${invoicePath}/preview`)).status).toBe(404);
    await dash.get('/dashboard/invoices');
    expect((await dash.post(`${invoicePath}/void`)).status).toBe(404);
    await dash.post('/dashboard/mode', { mode: 'test' });
  });
});
