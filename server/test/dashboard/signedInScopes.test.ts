import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// The dashboard's signed-in routes sit in two scopes, each with one pre-handler: signed out, every
// one of them sends the browser to the sign-in page; signed in without a business yet, every page of
// a business sends it to the first business's form. The pages that work signed out stay outside.

let gw: DashboardTestGateway;
const LIFETIME = { absoluteMs: 86_400_000, idleMs: 86_400_000 };

beforeAll(async () => {
  gw = await startDashboardGateway({});
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

/** A client signed in as a new login with no business, or as the seeded business's login. */
async function signedIn(withBusiness: boolean): Promise<DashboardClient> {
  const { gateway } = gw.running;
  const em = gateway.orm.em.fork();
  const userId = withBusiness
    ? (await em.findOneOrFail(Business, { id: gw.businessId })).userId
    : (await createUser(em, gateway.clock, { email: `new-${randomUUID()}@shop.test`, verified: true })).id;
  const { token } = await createSession(em, gateway.clock, { userId, lifetime: LIFETIME });
  const client = new DashboardClient(gw.baseUrl);
  client.cookies.set('cairn_session', token);
  return client;
}

const PAGES_OF_A_BUSINESS = [
  '/dashboard/',
  '/dashboard/payments',
  `/dashboard/payments/${randomUUID()}`,
  '/dashboard/invoices/new',
  '/dashboard/links',
  '/dashboard/webhooks',
  '/dashboard/credit',
  '/dashboard/wallets',
  `/dashboard/keys/${randomUUID()}`,
  '/dashboard/audit',
  '/dashboard/settings',
  '/dashboard/businesses',
];

describe('the signed-in scopes', () => {
  it('send a signed-out browser to the sign-in page, from a page or a form', async () => {
    const c = new DashboardClient(gw.baseUrl);
    for (const path of [...PAGES_OF_A_BUSINESS, '/dashboard/businesses/new']) {
      const answer = await c.get(path);
      expect(answer.status, path).toBe(303);
      expect(answer.location, path).toBe(`${gw.dashboardUrl}/sign-in`);
    }
    // A form with a good CSRF token gets past the CSRF check, then meets the pre-handler.
    await c.get('/dashboard/sign-in');
    for (const path of ['/dashboard/wallets', '/dashboard/mode', '/dashboard/businesses']) {
      const answer = await c.post(path, { name: 'Shop', mode: 'live' });
      expect(answer.status, path).toBe(303);
      expect(answer.location, path).toBe(`${gw.dashboardUrl}/sign-in`);
    }
  });

  it('send a viewer without a business to the first business’s form, and let them make one', async () => {
    const c = await signedIn(false);
    for (const path of PAGES_OF_A_BUSINESS) {
      const answer = await c.get(path);
      expect(answer.status, path).toBe(303);
      expect(answer.location, path).toBe(`${gw.dashboardUrl}/businesses/new`);
    }
    const form = await c.get('/dashboard/businesses/new');
    expect(form.status).toBe(200);
    expect(form.body).toContain('Name your business');
    const created = await c.post('/dashboard/businesses', { name: 'First Shop' });
    expect(created.status).toBe(303);
    expect(created.location).toBe(`${gw.dashboardUrl}/?notice=business-created`);
    const home = await c.get('/dashboard/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<h1>First Shop</h1>');
  });

  it('answer the payment page’s status poll with a bare 401 instead of a redirect', async () => {
    const path = `/dashboard/payments/${randomUUID()}/status`;
    for (const c of [new DashboardClient(gw.baseUrl), await signedIn(false)]) {
      const answer = await c.get(path);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(JSON.parse(answer.body)).toEqual({});
    }
    const owner = await signedIn(true);
    expect((await owner.get(path)).status).toBe(404);
  });

  it('leave the pages that work signed out outside, and show the business’s pages to its owner', async () => {
    const out = new DashboardClient(gw.baseUrl);
    for (const path of ['/sign-in', '/sign-up', '/reset-password', '/verify-email/resend', '/verify-email'])
      expect((await out.get(`/dashboard${path}`)).status, path).toBe(200);
    const owner = await signedIn(true);
    for (const path of PAGES_OF_A_BUSINESS.filter((p) => !/[0-9a-f]{8}-/.test(p))) {
      const answer = await owner.get(path);
      expect(answer.status, path).toBe(200);
    }
    expect((await owner.get(`/dashboard/keys/${randomUUID()}`)).status).toBe(404);
  });

  it('keep a route’s own options inside the scope: Send test is limited to 10 a minute', async () => {
    const owner = await signedIn(true);
    await owner.get('/dashboard/keys');
    const path = `/dashboard/keys/${randomUUID()}/webhook/test`;
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await owner.post(path)).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(answers[10]).toBe(429);
  });
});
