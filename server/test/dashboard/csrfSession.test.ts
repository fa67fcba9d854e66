import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// A dashboard form's CSRF token belongs to one session: made before sign-in it does not count after
// it, made in one session it does not count in another (even with that session's CSRF cookie tossed
// into the browser), and the CSRF secret is replaced at sign-in and sign-out.

const PASSWORD = 'correct horse battery staple';
let gw: DashboardTestGateway;

beforeAll(async () => {
  gw = await startDashboardGateway({});
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

async function verifiedLogin(email: string): Promise<void> {
  await createUser(gw.running.gateway.orm.em.fork(), gw.running.gateway.clock, {
    email,
    verified: true,
    passwordHash: await hashPassword(PASSWORD),
  });
}

async function signedIn(email: string): Promise<DashboardClient> {
  await verifiedLogin(email);
  const c = new DashboardClient(gw.baseUrl);
  const signIn = await c.submit('/dashboard/sign-in', '/dashboard/sign-in', { email, password: PASSWORD });
  expect(signIn.status).toBe(303);
  return c;
}

describe('the dashboard CSRF token', () => {
  it('made before sign-in is refused after it, whichever CSRF secret comes with it', async () => {
    await verifiedLogin('before@shop.test');
    const c = new DashboardClient(gw.baseUrl);
    await c.get('/dashboard/sign-in');
    const tokenBefore = c.csrf();
    const secretBefore = c.cookies.get('cairn_csrf')!;
    expect(secretBefore).toBeTruthy();
    const signIn = await c.post('/dashboard/sign-in', { email: 'before@shop.test', password: PASSWORD });
    expect(signIn.status).toBe(303);
    // Rotated at sign-in.
    expect(signIn.headers.getSetCookie().some((line) => line.startsWith('cairn_csrf='))).toBe(true);
    expect(c.cookies.get('cairn_csrf')).not.toBe(secretBefore);

    const stale = await c.post('/dashboard/businesses', { name: 'Stale Ltd', _csrf: tokenBefore });
    expect(stale.status).toBe(403);
    expect(stale.body).toContain('This form has expired');
    // With the secret it was made with (kept by an attacker, say): still refused, it names no session.
    const withOldSecret = new DashboardClient(gw.baseUrl);
    withOldSecret.cookies.set('cairn_session', c.cookies.get('cairn_session')!);
    withOldSecret.cookies.set('cairn_csrf', secretBefore);
    const replayed = await withOldSecret.request('POST', '/dashboard/businesses', {
      name: 'Stale Ltd',
      _csrf: tokenBefore,
    });
    expect(replayed.status).toBe(403);

    await c.get('/dashboard/businesses/new');
    expect((await c.post('/dashboard/businesses', { name: 'Fresh Ltd' })).status).toBe(303);
  });

  it('made in one session is refused in another, even with the first one’s CSRF cookie', async () => {
    const a = await signedIn('alice@shop.test');
    const b = await signedIn('bob@shop.test');
    await a.get('/dashboard/businesses/new');
    const tokenA = a.csrf();
    // Bob's browser with Alice's CSRF cookie (tossed in) and Alice's token: refused.
    b.cookies.set('cairn_csrf', a.cookies.get('cairn_csrf')!);
    const tossed = await b.request('POST', '/dashboard/businesses', { name: 'Tossed Ltd', _csrf: tokenA });
    expect(tossed.status).toBe(403);
    // In Alice's own session the same token works.
    const own = await a.request('POST', '/dashboard/businesses', { name: 'Alice Ltd', _csrf: tokenA });
    expect(own.status).toBe(303);
  });

  it('of a signed-in page is refused once signed out (a new CSRF secret)', async () => {
    const c = await signedIn('out@shop.test');
    await c.get('/dashboard/businesses/new');
    const tokenIn = c.csrf();
    const secretIn = c.cookies.get('cairn_csrf');
    const out = await c.post('/dashboard/sign-out');
    expect(out.status).toBe(303);
    expect(c.cookies.get('cairn_session')).toBeUndefined();
    expect(c.cookies.get('cairn_csrf')).not.toBe(secretIn);
    // A signed-out form with the signed-in page's token: refused; with its own: accepted.
    const stale = await c.request('POST', '/dashboard/reset-password', {
      email: 'out@shop.test',
      _csrf: tokenIn,
    });
    expect(stale.status).toBe(403);
    await c.get('/dashboard/reset-password');
    expect((await c.post('/dashboard/reset-password', { email: 'out@shop.test' })).status).toBe(200);
  });
});
