import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { revokeApiKey } from '../../src/domain/apiKeys/revokeApiKey.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { clientFor, newKey, otherBusiness, sql } from '../api/apiHelpers.js';
import { postForm } from '../checkoutPage/checkoutHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { DashboardClient } from './DashboardClient.js';

// Payment links in the dashboard over HTTP (no browser): create from the form (with its refusals),
// the link's page (address to share, facts, its payments), deactivation, audit, and the scope of a
// business and mode.

let test: TestGateway;
let dash: DashboardClient;
const clock = new ManualClock('2026-08-10T09:00:00Z');

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
    .replace(/\s+/g, ' ');
const form = (extra: Record<string, string> = {}) => ({
  fiat_amount: '18.00',
  fiat_currency: 'eur',
  description: 'Pottery class',
  max_uses: '',
  success_url: '',
  api_key: test.apiKeyId,
  ...extra,
});

describe('payment links in the dashboard', () => {
  let linkPath = '';
  let linkId = '';

  it('lists none at first and offers the form with the active keys of the mode', async () => {
    const page = await dash.get('/dashboard/links');
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain('No test-mode payment links yet.');
    expect(page.body).toContain(`<option value="${test.apiKeyId}"`);
    expect(page.body).toContain('aria-current="page">Payment links');
  });

  it('refuses a bad form with the reason beside each field, creating nothing', async () => {
    const refused = await dash.submit('/dashboard/links', '/dashboard/links', {
      ...form({ fiat_amount: '12.345', max_uses: 'many', success_url: 'ftp://x', api_key: 'nope' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toContain('id="f-fiat_amount-error"');
    expect(text(refused.body)).toContain('EUR has 2 decimal place(s); got 3');
    expect(text(refused.body)).toContain('Enter a whole number from 1, or leave it empty.');
    expect(refused.body).toContain('id="f-success_url-error"');
    expect(text(refused.body)).toContain('Choose an active API key of this mode.');
    // What was typed is kept.
    expect(refused.body).toContain('value="12.345"');
    // A key of another business is refused like an unknown one.
    const stranger = await otherBusiness(test);
    const [otherKey] = await sql<{ id: string }>(test, 'select id from api_keys where business_id = ?', [
      stranger.businessId,
    ]);
    const foreign = await dash.submit(
      '/dashboard/links',
      '/dashboard/links',
      form({ api_key: otherKey!.id }),
    );
    expect(foreign.status).toBe(422);
    expect(text(foreign.body)).toContain('Choose an active API key of this mode.');
    expect(await sql(test, 'select id from payment_links')).toEqual([]);
  });

  it('creates a link, shows its address to copy and its facts, and audits it', async () => {
    const created = await dash.submit(
      '/dashboard/links',
      '/dashboard/links',
      form({ max_uses: '2', success_url: 'https://shop.example/thanks' }),
    );
    expect(created.status).toBe(303);
    expect(created.location).toMatch(/\/dashboard\/links\/[0-9a-f-]{36}\?notice=link-created$/);
    linkPath = new URL(created.location!).pathname;
    linkId = linkPath.split('/').at(-1)!;
    const page = await dash.get(`${linkPath}?notice=link-created`);
    expect(page.status).toBe(200);
    const body = text(page.body);
    expect(body).toContain('Payment link created');
    expect(body).toContain(`${test.running.gateway.config.urls.checkout}/links/${linkId}`);
    expect(body).toContain('Pottery class');
    expect(body).toContain('€18.00');
    expect(body).toContain('0 of 2');
    expect(body).toContain('https://shop.example/thanks');
    expect(body).toContain('No payments yet.');
    expect(page.body).toContain('data-copy="url-');
    // The API sees the same link (any key of the business and mode).
    const api = clientFor(test.baseUrl, test.apiKey);
    const read = await api.get(`/payment-links/${linkId}`);
    expect(read.body.data).toMatchObject({
      fiat_amount: '18.00',
      fiat_currency: 'EUR',
      max_uses: 2,
      uses: 0,
    });
    const [audit] = await sql<{ action: string; target: string }>(
      test,
      `select action, target from audit_events where action = 'payment_link.created'`,
    );
    expect(audit).toEqual({ action: 'payment_link.created', target: linkId });
    // The list shows it.
    const list = await dash.get('/dashboard/links');
    expect(list.body).toContain(`href="/dashboard/links/${linkId}"`);
    expect(text(list.body)).toContain('0 of 2');
  });

  it("lists the payments the link's page created, linking to each", async () => {
    const press = await postForm(`${test.baseUrl}/checkout/links/${linkId}/pay`, {});
    expect(press.status).toBe(303);
    const paymentId = press.headers.get('location')!.split('/').at(-1)!;
    const page = await dash.get(linkPath);
    expect(page.body).toContain(`href="/dashboard/payments/${paymentId}"`);
    expect(text(page.body)).toContain('1 of 2');
    expect(page.body).toContain('data-status="pending"');
  });

  it('deactivates the link: the page says so, the public page refuses, and the audit log has it', async () => {
    await dash.get(linkPath);
    const off = await dash.post(`${linkPath}/deactivate`);
    expect(off.status).toBe(303);
    expect(off.location).toMatch(/notice=link-deactivated$/);
    const page = await dash.get(`${linkPath}?notice=link-deactivated`);
    expect(text(page.body)).toContain('Link deactivated');
    expect(text(page.body)).toContain('deactivated since');
    expect(page.body).not.toContain('Deactivate link</button>');
    expect((await postForm(`${test.baseUrl}/checkout/links/${linkId}/pay`, {})).status).toBe(410);
    const [audit] = await sql(
      test,
      `select target from audit_events where action = 'payment_link.deactivated'`,
    );
    expect(audit).toEqual({ target: linkId });
  });

  it('says when the key of a link is no longer active', async () => {
    const own = await newKey(test);
    await dash.get('/dashboard/links');
    const created = await dash.post('/dashboard/links', form({ api_key: own.id, description: 'Old key' }));
    expect(created.status).toBe(303);
    await revokeApiKey(test.running.gateway.orm.em.fork(), clock, own.id);
    const page = await dash.get(new URL(created.location!).pathname);
    expect(text(page.body)).toContain('revoked: the link cannot take payments');
    // A revoked key is no longer offered in the form.
    expect((await dash.get('/dashboard/links')).body).not.toContain(`<option value="${own.id}"`);
  });

  it("keeps to the business and mode: live mode lists none, another business's link is not found", async () => {
    await dash.get('/dashboard/links');
    await dash.post('/dashboard/mode', { mode: 'live' });
    const live = await dash.get('/dashboard/links');
    expect(text(live.body)).toContain('No live-mode payment links yet.');
    expect((await dash.get(linkPath)).status).toBe(404);
    await dash.post('/dashboard/mode', { mode: 'test' });
    const stranger = await otherBusiness(test);
    const theirs = await clientFor(test.baseUrl, stranger.key).post('/payment-links', {
      fiat_amount: '1.00',
      fiat_currency: 'USD',
    });
    expect(theirs.status).toBe(201);
    expect((await dash.get(`/dashboard/links/${theirs.body.data.id}`)).status).toBe(404);
    const deactivate = await dash.post(`/dashboard/links/${theirs.body.data.id}/deactivate`);
    expect(deactivate.status).toBe(404);
    expect(
      (await clientFor(test.baseUrl, stranger.key).get(`/payment-links/${theirs.body.data.id}`)).body.data
        .active,
    ).toBe(true);
  });
});
