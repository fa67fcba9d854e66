import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { pruneAccountRecords } from '../../src/domain/accounts/pruneAccountRecords.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { startSmtpServer, type TestSmtpServer } from '../harness/startSmtpServer.js';
import { DashboardClient, linkIn } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;

let smtp: TestSmtpServer;
let gw: DashboardTestGateway;
const clock = new ManualClock(new Date());
const secrets: string[] = [PASSWORD];

beforeAll(async () => {
  smtp = await startSmtpServer();
  gw = await startDashboardGateway({
    clock,
    workers: true,
    env: {
      CAIRN_SMTP_URL: smtp.url,
      CAIRN_MAIL_FROM: 'Cairn Test <noreply@cairn.test>',
      CAIRN_SIGNIN_FAILURES_PER_ACCOUNT: '3',
    },
  });
}, 120_000);
afterAll(async () => {
  await gw?.stop();
  await smtp?.stop();
});

const client = () => new DashboardClient(gw.baseUrl);

/** Signs up, confirms the address from the received mail, and signs in. */
async function signedUp(email: string): Promise<DashboardClient> {
  const c = client();
  await c.submit('/dashboard/sign-up', '/dashboard/sign-up', { email, password: PASSWORD });
  const mail = await smtp.waitFor(email, 'Confirm your email');
  const link = linkIn(mail.text, `${gw.dashboardUrl}/verify-email`);
  secrets.push(new URL(link).searchParams.get('token')!);
  await c.submit(link, '/dashboard/verify-email', {
    token: new URL(link).searchParams.get('token')!,
    password: PASSWORD,
  });
  const signIn = await c.submit('/dashboard/sign-in', '/dashboard/sign-in', { email, password: PASSWORD });
  expect(signIn.status).toBe(303);
  return c;
}

describe('sign-up, email confirmation and sign-in', () => {
  it('mails a one-use link over SMTP; sign-in waits for it; the session cookie is httpOnly and SameSite', async () => {
    const c = client();
    const page = await c.get('/dashboard/sign-up');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const answer = await c.post('/dashboard/sign-up', { email: 'ada@shop.test', password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Check your inbox');

    const mail = await smtp.waitFor('ada@shop.test', 'Confirm your email');
    expect(mail.from).toBe('noreply@cairn.test');
    const link = linkIn(mail.text, `${gw.dashboardUrl}/verify-email?token=`);
    const token = new URL(link).searchParams.get('token')!;
    secrets.push(token);

    const early = await c.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'ada@shop.test',
      password: PASSWORD,
    });
    // Not confirmed yet: the same answer as a wrong password (nothing to poll for).
    expect(early.status).toBe(401);
    expect(early.body).toContain('The email address or the password is wrong');

    // Opening the link (what a mail scanner does) spends nothing; the button, with the password, does.
    const opened = await c.get(link);
    expect(opened.body).toContain('Confirm my address');
    const wrong = await c.post('/dashboard/verify-email', { token, password: 'not the password!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('This is not the password chosen when this link was sent');
    const confirmed = await c.post('/dashboard/verify-email', { token, password: PASSWORD });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toContain('notice=email-verified');
    await c.get(link);
    const again = await c.post('/dashboard/verify-email', { token, password: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body).toContain('already been used');

    const signIn = await c.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'ADA@shop.test',
      password: PASSWORD,
    });
    expect(signIn.status).toBe(303);
    const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('cairn_session='))!;
    secrets.push(cookie.split(';')[0]!.split('=')[1]!);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/dashboard/i);
    expect(cookie).not.toMatch(/; Secure/i); // http origin: a Secure cookie would never come back

    // No business yet: the dashboard asks for one; the first gets the signup grant.
    const home = await c.get('/dashboard/');
    expect(home.location).toBe(`${gw.dashboardUrl}/businesses/new`);
    await c.get('/dashboard/businesses/new');
    const created = await c.post('/dashboard/businesses', { name: 'Ada’s Teas' });
    expect(created.status).toBe(303);
    const overview = await c.get('/dashboard/');
    expect(overview.body).toContain('Ada’s Teas');
    expect(overview.body).toContain('$100.00');
    expect(overview.body).toContain('Test mode');
  });

  it('links expire', async () => {
    const c = client();
    await c.submit('/dashboard/sign-up', '/dashboard/sign-up', {
      email: 'late@shop.test',
      password: PASSWORD,
    });
    const mail = await smtp.waitFor('late@shop.test', 'Confirm your email');
    const token = new URL(linkIn(mail.text, `${gw.dashboardUrl}/verify-email`)).searchParams.get('token')!;
    clock.advance(24 * 60 * MINUTE + 1000);
    await c.get(`/dashboard/verify-email?token=${token}`);
    const expired = await c.post('/dashboard/verify-email', { token, password: PASSWORD });
    expect(expired.status).toBe(410);
    expect(expired.body).toContain('expired');
  });

  it('refuses passwords shorter than 12 or longer than 256 characters', async () => {
    const c = client();
    await c.get('/dashboard/sign-up');
    const short = await c.post('/dashboard/sign-up', { email: 'short@shop.test', password: 'elevenchars' });
    expect(short.status).toBe(422);
    expect(short.body).toContain('Use at least 12 characters.');
    const long = await c.post('/dashboard/sign-up', { email: 'short@shop.test', password: 'x'.repeat(257) });
    expect(long.status).toBe(422);
    expect(long.body).toContain('Use at most 256 characters.');
    const bad = await c.post('/dashboard/sign-up', { email: 'not an address', password: PASSWORD });
    expect(bad.status).toBe(422);
  });
});

describe('no account enumeration', () => {
  const normalize = (body: string, email: string) =>
    body.replaceAll(email, 'EMAIL').replace(/name="_csrf" value="[^"]+"/g, '');

  it('answers sign-up, resend and reset the same for known and unknown addresses', async () => {
    await signedUp('known@shop.test');
    for (const [page, action] of [
      ['/dashboard/sign-up', '/dashboard/sign-up'],
      ['/dashboard/verify-email/resend', '/dashboard/verify-email/resend'],
      ['/dashboard/reset-password', '/dashboard/reset-password'],
    ] as const) {
      const known = await client().submit(page, action, { email: 'known@shop.test', password: PASSWORD });
      const unknown = await client().submit(page, action, { email: 'nobody@shop.test', password: PASSWORD });
      expect(known.status, action).toBe(unknown.status);
      expect(normalize(known.body, 'known@shop.test'), action).toBe(
        normalize(unknown.body, 'nobody@shop.test'),
      );
    }
    // The owner of the known address hears about it; nobody@ hears that it has no account.
    await smtp.waitFor('known@shop.test', 'already have a Cairn account');
    await smtp.waitFor('known@shop.test', 'Choose a new password');
    const wrongPassword = await client().submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'known@shop.test',
      password: 'wrong password!!',
    });
    const noAccount = await client().submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'ghost@shop.test',
      password: 'wrong password!!',
    });
    expect(wrongPassword.status).toBe(401);
    expect(normalize(wrongPassword.body, 'known@shop.test')).toBe(
      normalize(noAccount.body, 'ghost@shop.test'),
    );
  });
});

describe('throttling', () => {
  it('refuses sign-in for an address after 3 failures in 15 minutes, even with the right password', async () => {
    await signedUp('target@shop.test');
    const c = client();
    for (let i = 0; i < 3; i += 1) {
      const failed = await c.submit('/dashboard/sign-in', '/dashboard/sign-in', {
        email: 'target@shop.test',
        password: `guess number ${i}!`,
      });
      expect(failed.status).toBe(401);
    }
    const throttled = await c.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'target@shop.test',
      password: PASSWORD,
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toContain('Too many failed sign-ins');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(15 * MINUTE + 1000);
    const later = await c.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'target@shop.test',
      password: PASSWORD,
    });
    expect(later.status).toBe(303);
  });
});

describe('password reset and sessions', () => {
  it('sets a new password with a one-use link and ends every session', async () => {
    const first = await signedUp('reset@shop.test');
    const second = client();
    await second.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'reset@shop.test',
      password: PASSWORD,
    });
    expect((await second.get('/dashboard/businesses/new')).status).toBe(200);

    await client().submit('/dashboard/reset-password', '/dashboard/reset-password', {
      email: 'reset@shop.test',
    });
    const mail = await smtp.waitFor('reset@shop.test', 'Choose a new password');
    const link = linkIn(mail.text, `${gw.dashboardUrl}/reset-password/confirm`);
    const token = new URL(link).searchParams.get('token')!;
    secrets.push(token);
    const c = client();
    await c.get(link);
    const weak = await c.post('/dashboard/reset-password/confirm', { token, password: 'short' });
    expect(weak.status).toBe(422);
    const done = await c.post('/dashboard/reset-password/confirm', {
      token,
      password: 'a brand new passphrase',
    });
    expect(done.status).toBe(303);
    expect(done.location).toContain('notice=password-changed');

    for (const old of [first, second])
      expect((await old.get('/dashboard/businesses/new')).location).toContain('/dashboard/sign-in');
    const oldPassword = await client().submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'reset@shop.test',
      password: PASSWORD,
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await client().submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'reset@shop.test',
      password: 'a brand new passphrase',
    });
    expect(newPassword.status).toBe(303);
    await c.get(link);
    expect(
      (await c.post('/dashboard/reset-password/confirm', { token, password: 'another new passphrase' }))
        .status,
    ).toBe(410);
  });

  it('rotates the session at sign-in and signs out everywhere', async () => {
    const a = await signedUp('rotate@shop.test');
    const before = a.cookies.get('cairn_session')!;
    // Signed in, /sign-in redirects: the form goes with the token of a page of this session (the
    // sign-in page's token of before sign-in no longer counts).
    await a.get('/dashboard/businesses/new');
    await a.post('/dashboard/sign-in', { email: 'rotate@shop.test', password: PASSWORD });
    const after = a.cookies.get('cairn_session')!;
    expect(after).not.toBe(before);
    const stale = new DashboardClient(gw.baseUrl);
    stale.cookies.set('cairn_session', before);
    expect((await stale.get('/dashboard/businesses/new')).location).toContain('/dashboard/sign-in');

    const b = client();
    await b.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: 'rotate@shop.test',
      password: PASSWORD,
    });
    await a.get('/dashboard/businesses/new');
    await a.post('/dashboard/businesses', { name: 'Rotate Ltd' });
    await a.get('/dashboard/settings');
    const out = await a.post('/dashboard/sign-out-everywhere');
    expect(out.location).toContain('notice=signed-out-everywhere');
    expect((await b.get('/dashboard/')).location).toContain('/dashboard/sign-in');
  });

  it('sends queued mail again after the SMTP server refuses it', async () => {
    smtp.failNext(1);
    await client().submit('/dashboard/reset-password', '/dashboard/reset-password', {
      email: 'known@shop.test',
    });
    const mails = () =>
      smtp.received.filter((m) => m.to.includes('known@shop.test') && m.subject.includes('new password'))
        .length;
    const before = mails();
    await expect.poll(mails, { timeout: 30_000, interval: 200 }).toBe(before + 1);
  });
});

describe('CSRF and cross-site requests', () => {
  it('refuses a form without its token, with a wrong token, or from another site', async () => {
    const c = await signedUp('csrf@shop.test');
    await c.get('/dashboard/businesses/new');
    const missing = await c.request('POST', '/dashboard/businesses', { name: 'X' });
    expect(missing.status).toBe(403);
    expect(missing.body).toContain('This form has expired');
    const wrong = await c.post('/dashboard/businesses', { name: 'X', _csrf: 'forged-token' });
    expect(wrong.status).toBe(403);
    const crossSite = await c.post(
      '/dashboard/businesses',
      { name: 'X' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const ok = await c.post('/dashboard/businesses', { name: 'CSRF Ltd' });
    expect(ok.status).toBe(303);
  });

  it('covers every state-changing route of the dashboard', async () => {
    const c = await signedUp('routes@shop.test');
    const dashboardPosts = gw.running.app.dashboardRoutes
      .filter((r) => r.method === 'POST')
      .map((r) => r.url);
    expect(dashboardPosts.length).toBeGreaterThanOrEqual(15);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const url of dashboardPosts) {
      const path = url.replace(':id', id);
      const refused = await c.request('POST', path, { anything: '1' });
      expect(refused.status, path).toBe(403);
    }
  });
});

describe('logs', () => {
  it('never carry a password, a mailed token or a session token', () => {
    const log = gw.logLines.join('\n');
    expect(gw.logLines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('housekeeping', () => {
  it('prunes ended sessions, old links, old failures and old mail', async () => {
    const em = gw.running.gateway.orm.em.fork();
    clock.advance(40 * 24 * 60 * MINUTE);
    const deleted = await pruneAccountRecords(em, clock);
    expect(deleted.dashboard_sessions).toBeGreaterThan(0);
    expect(deleted.email_tokens).toBeGreaterThan(0);
    expect(deleted.sign_in_failures).toBeGreaterThan(0);
    expect(deleted.mail_messages).toBeGreaterThan(0);
    const left = await em
      .getConnection()
      .execute<{ sessions: number; tokens: number }[]>(
        'select (select count(*)::int from dashboard_sessions) as sessions, (select count(*)::int from email_tokens) as tokens',
      );
    expect(left[0]).toEqual({ sessions: 0, tokens: 0 });
  });
});

describe('on an https origin', () => {
  it('sets __Host- cookies: Secure, on path / and without Domain', async () => {
    const secure = await startDashboardGateway({
      env: { CAIRN_DASHBOARD_URL: 'https://pay.shop.test/dashboard' },
    });
    try {
      const page = await secure.running.app.inject({ method: 'GET', url: '/dashboard/sign-in' });
      const csrfCookie = page.cookies.find((c) => c.name === '__Host-cairn_csrf');
      expect(csrfCookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(csrfCookie).not.toHaveProperty('domain');
      const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
      const em = secure.running.gateway.orm.em.fork();
      await createUser(em, secure.running.gateway.clock, {
        email: 'tls@shop.test',
        verified: true,
        passwordHash: await hashPassword(PASSWORD),
      });
      const signIn = await secure.running.app.inject({
        method: 'POST',
        url: '/dashboard/sign-in',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://pay.shop.test' },
        cookies: { '__Host-cairn_csrf': csrfCookie!.value },
        payload: new URLSearchParams({ _csrf: token, email: 'tls@shop.test', password: PASSWORD }).toString(),
      });
      expect(signIn.statusCode).toBe(303);
      const session = signIn.cookies.find((c) => c.name === '__Host-cairn_session');
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session).not.toHaveProperty('domain');
      // The CSRF secret is replaced at sign-in, under the same name.
      const rotated = signIn.cookies.find((c) => c.name === '__Host-cairn_csrf');
      expect(rotated).toMatchObject({ secure: true, httpOnly: true, path: '/' });
      expect(rotated!.value).not.toBe(csrfCookie!.value);
      // The signed-in dashboard reads the __Host- session cookie.
      const home = await secure.running.app.inject({
        method: 'GET',
        url: '/dashboard/businesses/new',
        cookies: { '__Host-cairn_session': session!.value, '__Host-cairn_csrf': rotated!.value },
      });
      expect(home.statusCode).toBe(200);
    } finally {
      await secure.stop();
    }
  });
});
