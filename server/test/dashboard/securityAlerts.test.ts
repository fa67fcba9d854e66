import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsContext } from '../../src/domain/accounts/createAccountsContext.js';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { sendSecurityAlert } from '../../src/domain/accounts/sendSecurityAlert.js';
import { signInWithOidc } from '../../src/domain/accounts/signInWithOidc.js';
import { signInWithPassword } from '../../src/domain/accounts/signInWithPassword.js';
import { totpCodeAt } from '../../src/domain/accounts/totpCodes.js';
import { AuditEvent, UserIdentity } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { createTotpSecretCipher } from '../../src/surfaces/dashboard/createTotpSecretCipher.js';
import { DashboardClient, linkIn } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// Security alerts by mail (docs/security.md#security-alerts): a sign-in from a new device or IP
// address, two-factor changes, wallets, API keys and webhook URLs each mail the login, with when, from
// where and a "this was not me" link that locks the login. Over real HTTP; the mails are read from
// the dev mailbox's pages (no SMTP server is set).

const PASSWORD = 'correct horse battery staple';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
let gw: DashboardTestGateway;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
let passwordHash: string;

beforeAll(async () => {
  gw = await startDashboardGateway({ clock, env: { CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true' } });
  passwordHash = await hashPassword(PASSWORD);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

const accounts = () =>
  createAccountsContext(gw.running.gateway, createTotpSecretCipher(gw.running.gateway.config));
const xpub = () => deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC_TESTNET', 'p2wpkh');

/**
 * A client that always sends this `User-Agent`, as one browser does. Each POST is a second after the
 * one before, so that the mails it causes are in order.
 */
class Browser extends DashboardClient {
  constructor(
    baseUrl: string,
    readonly userAgent: string,
  ) {
    super(baseUrl);
  }
  override request(
    method: 'GET' | 'POST',
    path: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    if (method === 'POST') clock.advance(1000);
    return super.request(method, path, form, { 'user-agent': this.userAgent, ...headers });
  }
}

/** A confirmed login with a password (never signed in yet). */
async function login(): Promise<{ email: string; userId: string }> {
  const email = `owner-${randomUUID()}@shop.test`;
  const user = await createUser(gw.running.gateway.orm.em.fork(), clock, {
    email,
    verified: true,
    passwordHash,
  });
  return { email, userId: user.id };
}

async function signIn(email: string, userAgent = FIREFOX): Promise<Browser> {
  const client = new Browser(gw.baseUrl, userAgent);
  const answer = await client.submit('/dashboard/sign-in', '/dashboard/sign-in', {
    email,
    password: PASSWORD,
  });
  expect(answer.status).toBe(303);
  return client;
}

/** The security alerts mailed to the address, oldest first, each read from its dev mailbox page. */
async function alertsTo(email: string): Promise<{ subject: string; page: string }[]> {
  const rows = await gw.running.gateway.orm.em
    .getConnection()
    .execute<{ id: string; subject: string }[]>(
      "select id, subject from mail_messages where to_address = ? and kind = 'security_alert' and status = 'dev_mailbox' order by created_at, id",
      [email],
    );
  const reader = new DashboardClient(gw.baseUrl);
  const mailbox = await reader.get('/dashboard/mailbox');
  const alerts = [];
  for (const row of rows) {
    expect(mailbox.body).toContain(`/dashboard/mailbox/${row.id}`);
    const message = await reader.get(`/dashboard/mailbox/${row.id}`);
    expect(message.status).toBe(200);
    alerts.push({ subject: row.subject, page: message.body });
  }
  return alerts;
}

/** Checks the alert's "when", "from where" and lock link, and returns the link. */
function expectAlertParts(page: string, from: RegExp): string {
  expect(page).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  expect(page).toMatch(from);
  expect(page).toContain('If it was not you, lock your account now');
  const token = /\/dashboard\/lock-account\?token=([A-Za-z0-9_-]{43})/.exec(page)?.[1];
  expect(token).toBeDefined();
  return `${gw.dashboardUrl}/lock-account?token=${token}`;
}

/** A signed-in merchant with a business. */
async function merchant(): Promise<{ email: string; userId: string; client: Browser }> {
  const { email, userId } = await login();
  const client = await signIn(email);
  await client.submit('/dashboard/businesses/new', '/dashboard/businesses', { name: 'Alert Shop' });
  return { email, userId, client };
}

describe('a sign-in from a new device or address', () => {
  it('is not mailed for the first sign-in, nor again from the same device and address', async () => {
    const { email } = await login();
    await signIn(email);
    await signIn(email);
    expect(await alertsTo(email)).toEqual([]);
  });

  it('is mailed from a new device, naming it and the IP address', async () => {
    const { email } = await login();
    await signIn(email, FIREFOX);
    clock.advance(60_000);
    await signIn(email, SAFARI);
    const [alert, ...rest] = await alertsTo(email);
    expect(rest).toEqual([]);
    expect(alert!.subject).toBe('Cairn security alert: New sign-in to your Cairn account');
    expect(alert!.page).toContain('signed in to from a new device.');
    expectAlertParts(alert!.page, /From: 127\.0\.0\.1, Safari on iPhone/);
    expect(alert!.page).toContain('When: 2026-11-27 10:');
    // The same device again: nothing new.
    await signIn(email, SAFARI);
    expect(await alertsTo(email)).toHaveLength(1);
  });

  it('is mailed from a new IP address (an IPv6 address by its /64), and through a provider too', async () => {
    const { email, userId } = await login();
    const ctx = accounts();
    await signInWithPassword(ctx, { email, password: PASSWORD, ip: '203.0.113.7', userAgent: FIREFOX });
    await signInWithPassword(ctx, { email, password: PASSWORD, ip: '2001:db8:1:2::1', userAgent: FIREFOX });
    await signInWithPassword(ctx, { email, password: PASSWORD, ip: '2001:db8:1:2::99', userAgent: FIREFOX });
    const alerts = await alertsTo(email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.page).toContain('signed in to from a new IP address.');
    expectAlertParts(alerts[0]!.page, /From: 2001:db8:1:2::1, Firefox on Linux/);

    const em = gw.running.gateway.orm.em.fork();
    const subject = randomUUID();
    em.create(UserIdentity, {
      id: randomUUID(),
      userId,
      provider: 'local',
      issuer: 'https://id.example.test',
      subject,
      email,
      createdAt: clock.now(),
    });
    await em.flush();
    const identity = {
      provider: 'local',
      issuer: 'https://id.example.test',
      subject,
      email,
      emailVerified: true,
    };
    clock.advance(1000);
    await signInWithOidc(ctx, identity, { ip: '198.51.100.9', userAgent: SAFARI });
    const after = await alertsTo(email);
    expect(after).toHaveLength(2);
    expect(after[1]!.page).toContain('signed in to from a new device and a new IP address.');

    // A new identity joining the login is mailed, even from a known device and address.
    clock.advance(1000);
    const linked = { ...identity, subject: randomUUID() };
    await signInWithOidc(ctx, linked, { ip: '198.51.100.9', userAgent: SAFARI });
    const last = await alertsTo(email);
    expect(last).toHaveLength(3);
    expect(last[2]!.subject).toBe('Cairn security alert: A sign-in provider was linked');
    expectAlertParts(last[2]!.page, /From: 198\.51\.100\.9, Safari on iPhone/);
  });
});

describe('two-factor changes', () => {
  it('mails turning it on, new recovery codes and turning it off', async () => {
    const { email, client } = await merchant();
    const setup = await client.submit(
      '/dashboard/account/security',
      '/dashboard/account/two-factor/setup',
      {},
    );
    const secret = /id="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(setup.body)![1]!.replace(/ /g, '');
    const on = await client.post('/dashboard/account/two-factor/confirm', {
      code: totpCodeAt(secret, clock.now()),
    });
    expect(on.status).toBe(200);
    // A sign-in from a new device completes with the app's code, and is mailed then.
    clock.advance(30_000);
    const phone = new Browser(gw.baseUrl, SAFARI);
    const first = await phone.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(first.location).toBe(`${gw.dashboardUrl}/sign-in/two-factor`);
    const second = await phone.submit('/dashboard/sign-in/two-factor', '/dashboard/sign-in/two-factor', {
      code: totpCodeAt(secret, clock.now()),
    });
    expect(second.status).toBe(303);
    clock.advance(30_000);
    await client.get('/dashboard/account/security');
    const codes = await client.post('/dashboard/account/two-factor/recovery-codes', {
      password: PASSWORD,
      code: totpCodeAt(secret, clock.now()),
    });
    expect(codes.status).toBe(200);
    clock.advance(30_000);
    await client.get('/dashboard/account/security');
    const off = await client.post('/dashboard/account/two-factor/disable', {
      password: PASSWORD,
      code: totpCodeAt(secret, clock.now()),
    });
    expect(off.status).toBeLessThan(400);
    const alerts = await alertsTo(email);
    expect(alerts.map((a) => a.subject)).toEqual([
      'Cairn security alert: Two-factor sign-in was turned on',
      'Cairn security alert: New sign-in to your Cairn account',
      'Cairn security alert: New recovery codes were made',
      'Cairn security alert: Two-factor sign-in was turned off',
    ]);
    expectAlertParts(alerts[1]!.page, /From: 127\.0\.0\.1, Safari on iPhone/);
    for (const alert of [alerts[0]!, ...alerts.slice(2)]) {
      expectAlertParts(alert.page, /From: 127\.0\.0\.1, Firefox on Linux/);
    }
  });
});

describe('changes to a business', () => {
  it('mails its owner each wallet, API key and webhook change, old and new', async () => {
    const { email, client } = await merchant();
    const first = xpub();
    await client.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    expect((await client.post('/dashboard/wallets', { chain_id: 'BTC_TESTNET', value: first })).status).toBe(
      200,
    );
    await client.get('/dashboard/keys/new');
    const created = await client.post('/dashboard/keys', { label: 'server', 'token:BTC_TESTNET:BTC': 'on' });
    expect(created.status).toBe(201);
    const keyId = /\/dashboard\/keys\/([0-9a-f-]{36})/.exec(created.body)![1]!;
    await client.get(`/dashboard/keys/${keyId}`);
    const hook = { 'event:payment.confirmed': 'on' };
    await client.post(`/dashboard/keys/${keyId}/webhook`, { url: 'http://127.0.0.1:9/first', ...hook });
    await client.get(`/dashboard/keys/${keyId}`);
    // The same URL again (other settings only) is not a URL change.
    await client.post(`/dashboard/keys/${keyId}/webhook`, {
      url: 'http://127.0.0.1:9/first',
      ...hook,
      'event:payment.expired': 'on',
    });
    await client.get(`/dashboard/keys/${keyId}`);
    await client.post(`/dashboard/keys/${keyId}/webhook`, { url: 'http://127.0.0.1:9/second', ...hook });
    await client.get(`/dashboard/keys/${keyId}`);
    await client.post(`/dashboard/keys/${keyId}/webhook/rotate`);
    await client.get(`/dashboard/keys/${keyId}`);
    await client.post(`/dashboard/keys/${keyId}/revoke`);
    const walletId = /\/dashboard\/wallets\/([0-9a-f-]{36})\/remove/.exec(
      (await client.get('/dashboard/wallets')).body,
    )![1]!;
    expect((await client.post(`/dashboard/wallets/${walletId}/remove`)).status).toBeLessThan(400);

    const alerts = await alertsTo(email);
    expect(alerts.map((a) => a.subject.replace('Cairn security alert: ', ''))).toEqual([
      'A test wallet was added',
      'A test API key was created',
      'A webhook endpoint was set',
      'A webhook URL was changed',
      'A webhook signing secret was replaced',
      'An API key was revoked',
      'A test wallet was removed',
    ]);
    const shown = first.slice(0, 12);
    expect(alerts[0]!.page).toContain('A test BTC_TESTNET wallet was added in the business “Alert Shop”');
    expect(alerts[0]!.page).toContain(`New wallet: ${shown}`);
    expect(alerts[1]!.page).toMatch(/A new test API key pk_test_\S+ \(server\) was created in the business/);
    expect(alerts[2]!.page).toContain('URL: <a href="http://127.0.0.1:9/first">');
    expect(alerts[3]!.page).toContain('Old URL: <a href="http://127.0.0.1:9/first">');
    expect(alerts[3]!.page).toContain('New URL: <a href="http://127.0.0.1:9/second">');
    expect(alerts[5]!.page).toMatch(/The API key pk_test_\S+ \(server\) was revoked/);
    expect(alerts[6]!.page).toContain(`Removed wallet: ${shown}`);
    for (const alert of alerts) expectAlertParts(alert.page, /From: 127\.0\.0\.1, Firefox on Linux/);
  });
});

describe('an alert in a transaction', () => {
  it('is not sent when the change rolls back', async () => {
    const { email, userId } = await login();
    const ctx = accounts();
    await expect(
      gw.running.gateway.orm.em.fork().transactional(async (em) => {
        await sendSecurityAlert(
          em,
          ctx,
          userId,
          { kind: 'passkey_added', name: 'YubiKey' },
          { ip: '127.0.0.1' },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await alertsTo(email)).toEqual([]);
    await gw.running.gateway.orm.em
      .fork()
      .transactional((em) =>
        sendSecurityAlert(em, ctx, userId, { kind: 'passkey_added', name: 'YubiKey' }, { ip: '127.0.0.1' }),
      );
    const [alert] = await alertsTo(email);
    expect(alert!.page).toContain('A passkey named “YubiKey” was added to your Cairn account.');
    expectAlertParts(alert!.page, /From: 127\.0\.0\.1, Unknown device/);
  });
});

describe('"this was not me"', () => {
  it('opens a page that changes nothing, and its button locks the login until a password reset', async () => {
    const { email, userId } = await login();
    const owner = await signIn(email, FIREFOX);
    const thief = await signIn(email, SAFARI);
    const [alert] = await alertsTo(email);
    const link = expectAlertParts(alert!.page, /Safari on iPhone/);

    // Opening the link (a mail scanner does) locks nothing.
    const stranger = new DashboardClient(gw.baseUrl);
    const page = await stranger.get(link.replace(gw.baseUrl, ''));
    expect(page.status).toBe(200);
    expect(page.body).toContain('Lock my account');
    expect((await thief.get('/dashboard/account/security')).status).toBe(200);
    // A form without its CSRF token is refused.
    const token = new URL(link).searchParams.get('token')!;
    expect(
      (await new DashboardClient(gw.baseUrl).request('POST', '/dashboard/lock-account', { token })).status,
    ).toBe(403);

    const locked = await stranger.post('/dashboard/lock-account', { token });
    expect(locked.status).toBe(200);
    expect(locked.body).toContain('Your account is locked');
    expect(locked.body).toContain(email);
    // Signed out everywhere.
    expect((await thief.get('/dashboard/account/security')).location).toBe(`${gw.dashboardUrl}/sign-in`);
    expect((await owner.get('/dashboard/account/security')).location).toBe(`${gw.dashboardUrl}/sign-in`);
    // The right password is told to reset; a wrong one hears the usual answer.
    const right = await new DashboardClient(gw.baseUrl).submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(right.status).toBe(401);
    expect(right.body).toContain('This account was locked from a security alert');
    const wrong = await new DashboardClient(gw.baseUrl).submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email,
      password: 'not the password at all',
    });
    expect(wrong.body).not.toContain('locked');
    // A provider's sign-in is refused too.
    await expect(
      signInWithOidc(
        accounts(),
        {
          provider: 'local',
          issuer: 'https://id.example.test',
          subject: randomUUID(),
          email,
          emailVerified: true,
        },
        { ip: '127.0.0.1' },
      ),
    ).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
    // The link works once.
    await stranger.get(link.replace(gw.baseUrl, ''));
    const again = await stranger.post('/dashboard/lock-account', { token });
    expect(again.status).toBe(410);
    expect(again.body).toContain('already been used');

    // A password reset unlocks it.
    const reset = new DashboardClient(gw.baseUrl);
    await reset.submit('/dashboard/reset-password', '/dashboard/reset-password', { email });
    const [mail] = await gw.running.gateway.orm.em
      .getConnection()
      .execute<{ text_body: string }[]>(
        "select text_body from mail_messages where to_address = ? and kind = 'reset_password'",
        [email],
      );
    const resetLink = linkIn(mail!.text_body, `${gw.dashboardUrl}/reset-password/confirm?token=`);
    await reset.get(resetLink.replace(gw.baseUrl, ''));
    const changed = await reset.post('/dashboard/reset-password/confirm', {
      token: new URL(resetLink).searchParams.get('token')!,
      password: 'a brand new long passphrase',
    });
    expect(changed.location).toContain('password-changed');
    const back = await new DashboardClient(gw.baseUrl).submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email,
      password: 'a brand new long passphrase',
    });
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${gw.dashboardUrl}/`);
    void userId;
  });

  it('records the lock in the audit log of each business of the login', async () => {
    const { email, userId, client } = await merchant();
    await signIn(email, SAFARI);
    const [alert] = await alertsTo(email);
    const link = expectAlertParts(alert!.page, /Safari on iPhone/);
    // The owner's own signed-in browser locks it: signed out too, and the answer is drawn signed out.
    await client.get(link.replace(gw.baseUrl, ''));
    const locked = await client.post('/dashboard/lock-account', {
      token: new URL(link).searchParams.get('token')!,
    });
    expect(locked.status).toBe(200);
    expect(locked.body).toContain('Your account is locked');
    expect(locked.body).not.toContain('Sign out');
    expect((await client.get('/dashboard/account/security')).location).toBe(`${gw.dashboardUrl}/sign-in`);
    const events = await gw.running.gateway.orm.em
      .fork()
      .find(AuditEvent, { actorUserId: userId, action: 'account.locked' });
    expect(events).toHaveLength(1);
    expect(events[0]!.ip).toBe('127.0.0.1');
  });
});
