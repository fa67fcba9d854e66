import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSecondFactor } from '../../src/domain/accounts/completeSecondFactor.js';
import { createAccountsContext } from '../../src/domain/accounts/createAccountsContext.js';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { signInWithOidc } from '../../src/domain/accounts/signInWithOidc.js';
import { signInWithPassword } from '../../src/domain/accounts/signInWithPassword.js';
import { totpCodeAt } from '../../src/domain/accounts/totpCodes.js';
import { UserIdentity } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { createTotpSecretCipher } from '../../src/surfaces/dashboard/createTotpSecretCipher.js';
import { DashboardClient, type PageResponse } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// Two-factor sign-in with an authenticator app (RFC 6238 codes, computed here from the secret the
// set-up page shows, at the gateway's test clock) and recovery codes, over real HTTP.

const PASSWORD = 'correct horse battery staple';
const STEP = 30_000;
let gw: DashboardTestGateway;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
let passwordHash: string;

beforeAll(async () => {
  gw = await startDashboardGateway({ clock });
  passwordHash = await hashPassword(PASSWORD);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

/** A verified login with a password, and a signed-in client for it. */
async function signedInLogin(): Promise<{ email: string; userId: string; client: DashboardClient }> {
  const email = `owner-${randomUUID()}@shop.test`;
  const user = await createUser(gw.running.gateway.orm.em.fork(), clock, {
    email,
    verified: true,
    passwordHash,
  });
  const client = new DashboardClient(gw.baseUrl);
  const answer = await client.submit('/dashboard/sign-in', '/dashboard/sign-in', {
    email,
    password: PASSWORD,
  });
  expect(answer.status).toBe(303);
  expect(answer.location).toBe(`${gw.dashboardUrl}/`);
  return { email, userId: user.id, client };
}

const secretOn = (page: string) => {
  const match = /id="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(page);
  if (!match) throw new Error('no secret on the set-up page');
  return match[1]!.replace(/ /g, '');
};
const codesOn = (page: string) =>
  [...page.matchAll(/<li><code>([a-z2-9]{5}-[a-z2-9]{5})<\/code><\/li>/g)].map((m) => m[1]!);
const nextStep = () => clock.advance(STEP);

/** Turns two-factor on for a signed-in client; returns the app's secret and the recovery codes. */
async function turnOn(client: DashboardClient): Promise<{ secret: string; codes: string[] }> {
  const setup = await client.submit('/dashboard/account/security', '/dashboard/account/two-factor/setup', {});
  expect(setup.status).toBe(200);
  const secret = secretOn(setup.body);
  const done = await client.post('/dashboard/account/two-factor/confirm', {
    code: totpCodeAt(secret, clock.now()),
  });
  expect(done.status).toBe(200);
  const codes = codesOn(done.body);
  expect(codes).toHaveLength(10);
  nextStep();
  return { secret, codes };
}

/** Signs in with the password: the answer sends the browser to the code page. */
async function passwordStep(email: string): Promise<DashboardClient> {
  const client = new DashboardClient(gw.baseUrl);
  const answer = await client.submit('/dashboard/sign-in', '/dashboard/sign-in', {
    email,
    password: PASSWORD,
  });
  expect(answer.status).toBe(303);
  expect(answer.location).toBe(`${gw.dashboardUrl}/sign-in/two-factor`);
  expect(client.cookies.has('cairn_session')).toBe(false);
  expect(client.cookies.has('cairn_2fa')).toBe(true);
  return client;
}

async function answerCode(client: DashboardClient, code: string): Promise<PageResponse> {
  return client.submit('/dashboard/sign-in/two-factor', '/dashboard/sign-in/two-factor', { code });
}

describe('two-factor sign-in with an authenticator app', () => {
  it('is set up from a QR code, turned on only by a right code, and then asked for at every sign-in', async () => {
    const { email, userId, client } = await signedInLogin();
    const off = await client.get('/dashboard/account/security');
    expect(off.status).toBe(200);
    expect(off.body).toContain('Set up an authenticator app');

    const setup = await client.post('/dashboard/account/two-factor/setup', {});
    expect(setup.status).toBe(200);
    expect(setup.body).toMatch(/<img class="qr" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"/);
    const secret = secretOn(setup.body);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The secret is kept sealed with the master key, never as text.
    const [row] = await gw.running.gateway.orm.em
      .getConnection()
      .execute<{ secret_sealed: string }[]>('select secret_sealed from totp_factors where user_id = ?', [
        userId,
      ]);
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect(row!.secret_sealed).not.toContain(secret);

    // A wrong code leaves it off: the password alone still signs in.
    const wrong = await client.post('/dashboard/account/two-factor/confirm', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toContain('That code is not right');
    expect(secretOn(wrong.body)).toBe(secret);
    const stillOff = new DashboardClient(gw.baseUrl);
    const plain = await stillOff.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(plain.location).toBe(`${gw.dashboardUrl}/`);

    const confirmed = await client.post('/dashboard/account/two-factor/confirm', {
      code: totpCodeAt(secret, clock.now()),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain('Two-factor sign-in is on.');
    expect(codesOn(confirmed.body)).toHaveLength(10);
    const on = await client.get('/dashboard/account/security');
    expect(on.body).toContain('Recovery codes left: <strong>10</strong>');

    // Now the password only opens the code page; the session starts with the app's code.
    nextStep();
    const second = await passwordStep(email);
    expect((await second.get('/dashboard/')).location).toBe(`${gw.dashboardUrl}/sign-in`);
    const page = await second.get('/dashboard/sign-in/two-factor');
    expect(page.status).toBe(200);
    expect(page.body).toContain('autocomplete="one-time-code"');
    const refused = await answerCode(second, '123456');
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('That code is not right');
    const accepted = await answerCode(second, totpCodeAt(secret, clock.now()));
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe(`${gw.dashboardUrl}/`);
    expect(second.cookies.has('cairn_session')).toBe(true);
    expect(second.cookies.has('cairn_2fa')).toBe(false);
    expect((await second.get('/dashboard/account/security')).status).toBe(200);
  });

  it('accepts each code once: the same code, or an older one, is refused after', async () => {
    const { email, client } = await signedInLogin();
    const { secret } = await turnOn(client);
    const code = totpCodeAt(secret, clock.now());
    expect((await answerCode(await passwordStep(email), code)).status).toBe(303);
    const replay = await answerCode(await passwordStep(email), code);
    expect(replay.status).toBe(401);
    // The code of the step before is within the app's window, but older than the one used.
    const older = totpCodeAt(secret, new Date(clock.now().getTime() - STEP));
    expect((await answerCode(await passwordStep(email), older)).status).toBe(401);
    nextStep();
    expect((await answerCode(await passwordStep(email), totpCodeAt(secret, clock.now()))).status).toBe(303);
  });

  it('takes at most five codes per sign-in, even sent at once, and ten per login over sign-ins', async () => {
    const { email, client } = await signedInLogin();
    const { secret } = await turnOn(client);
    const browser = await passwordStep(email);
    await browser.get('/dashboard/sign-in/two-factor');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => browser.post('/dashboard/sign-in/two-factor', { code: '000000' })),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    for (const answer of answers.filter((a) => a.status !== 401)) {
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`${gw.dashboardUrl}/sign-in?notice=second-factor-expired`);
    }
    // The challenge is spent: even the right code now starts nothing.
    const late = await browser.post('/dashboard/sign-in/two-factor', {
      code: totpCodeAt(secret, clock.now()),
    });
    expect(late.location).toBe(`${gw.dashboardUrl}/sign-in?notice=second-factor-expired`);

    // Five more wrong codes in a new sign-in make ten for the login: a third sign-in gets no try.
    const again = await passwordStep(email);
    for (let i = 0; i < 5; i += 1) expect((await answerCode(again, '000000')).status).toBe(401);
    const third = await passwordStep(email);
    const blocked = await answerCode(third, totpCodeAt(secret, clock.now()));
    expect(blocked.location).toBe(`${gw.dashboardUrl}/sign-in?notice=second-factor-expired`);
    // After fifteen minutes the login's count is clear again.
    clock.advance(15 * 60_000 + STEP);
    expect((await answerCode(await passwordStep(email), totpCodeAt(secret, clock.now()))).status).toBe(303);
  });

  it('lets a sign-in wait five minutes for its code', async () => {
    const { email, client } = await signedInLogin();
    const { secret } = await turnOn(client);
    const browser = await passwordStep(email);
    clock.advance(5 * 60_000 + 1);
    const answer = await answerCode(browser, totpCodeAt(secret, clock.now()));
    expect(answer.location).toBe(`${gw.dashboardUrl}/sign-in?notice=second-factor-expired`);
    expect(browser.cookies.has('cairn_session')).toBe(false);
  });
});

describe('recovery codes', () => {
  it('sign in once each; new ones (which take the password and a code) replace the old', async () => {
    const { email, client } = await signedInLogin();
    const { secret, codes } = await turnOn(client);
    expect((await answerCode(await passwordStep(email), codes[0]!.toUpperCase())).status).toBe(303);
    expect((await answerCode(await passwordStep(email), codes[0]!)).status).toBe(401);
    expect((await client.get('/dashboard/account/security')).body).toContain(
      'Recovery codes left: <strong>9</strong>',
    );

    // New codes take the password and a code: a signed-in browser alone cannot make them.
    await client.get('/dashboard/account/security');
    const withoutPassword = await client.post('/dashboard/account/two-factor/recovery-codes', {
      code: totpCodeAt(secret, clock.now()),
    });
    expect(withoutPassword.status).toBe(401);
    expect(withoutPassword.body).toContain('The password or the code is not right.');
    // Nor do the password and a recovery code: one leaked paper code must not mint ten new ones.
    const withRecovery = await client.post('/dashboard/account/two-factor/recovery-codes', {
      password: PASSWORD,
      code: codes[1]!,
    });
    expect(withRecovery.status).toBe(401);
    nextStep();
    const fresh = await client.post('/dashboard/account/two-factor/recovery-codes', {
      password: PASSWORD,
      code: totpCodeAt(secret, clock.now()),
    });
    expect(fresh.status).toBe(200);
    const newCodes = codesOn(fresh.body);
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(codes[1]);
    expect((await answerCode(await passwordStep(email), codes[1]!)).status).toBe(401);
    expect((await answerCode(await passwordStep(email), newCodes[0]!)).status).toBe(303);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code from the app or a recovery code; then the password alone signs in', async () => {
    const { email, client } = await signedInLogin();
    const { codes } = await turnOn(client);
    await client.get('/dashboard/account/security');
    const refused = await client.post('/dashboard/account/two-factor/disable', {
      password: PASSWORD,
      code: '000000',
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('Recovery codes left');
    await passwordStep(email);
    expect((await client.post('/dashboard/account/two-factor/disable', { code: codes[2]! })).status).toBe(
      401,
    );
    const off = await client.post('/dashboard/account/two-factor/disable', {
      password: PASSWORD,
      code: codes[2]!,
    });
    expect(off.status).toBe(303);
    expect(off.location).toBe(`${gw.dashboardUrl}/account/security?notice=two-factor-off`);
    const plain = new DashboardClient(gw.baseUrl);
    const answer = await plain.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(answer.location).toBe(`${gw.dashboardUrl}/`);
  });
});

describe('the sessions list', () => {
  it('shows each signed-in browser and signs out one, or every other', async () => {
    const { email, client } = await signedInLogin();
    const browsers = [];
    for (const agent of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
      'curl/8.5.0',
    ]) {
      const other = new DashboardClient(gw.baseUrl);
      await other.get('/dashboard/sign-in');
      const answer = await other.post(
        '/dashboard/sign-in',
        { email, password: PASSWORD },
        { 'user-agent': agent },
      );
      expect(answer.status).toBe(303);
      browsers.push(other);
    }
    const page = await client.get('/dashboard/account/security');
    expect(page.body).toContain('Where you are signed in');
    expect(page.body).toContain('Safari on iPhone');
    expect(page.body).toContain('curl/8.5.0');
    expect(page.body).toContain('<span class="tag">This browser</span>');
    expect(page.body).toContain('Sign out the 2 other browsers');
    const ends = [
      ...page.body.matchAll(/action="\/dashboard\/account\/sessions\/([0-9a-f-]{36})\/end"/g),
    ].map((m) => m[1]!);
    expect(ends).toHaveLength(2);

    // One: the curl one (found by its row: the test clock stands still, so the order is not asserted).
    const curl = /<strong>curl\/8\.5\.0<\/strong>[\s\S]*?\/account\/sessions\/([0-9a-f-]{36})\/end/.exec(
      page.body,
    )![1]!;
    expect(ends).toContain(curl);
    const one = await client.post(`/dashboard/account/sessions/${curl}/end`);
    expect(one.location).toBe(`${gw.dashboardUrl}/account/security?notice=session-signed-out`);
    expect((await browsers[1]!.get('/dashboard/account/security')).location).toBe(
      `${gw.dashboardUrl}/sign-in`,
    );
    expect((await browsers[0]!.get('/dashboard/account/security')).status).toBe(200);

    // Someone else's session id ends nothing.
    const stranger = await signedInLogin();
    const [theirs] = await gw.running.gateway.orm.em
      .getConnection()
      .execute<{ id: string }[]>('select id from dashboard_sessions where user_id = ?', [stranger.userId]);
    await client.get('/dashboard/account/security');
    const refused = await client.post(`/dashboard/account/sessions/${theirs!.id}/end`);
    expect(refused.location).toBe(`${gw.dashboardUrl}/account/security`);
    expect((await stranger.client.get('/dashboard/account/security')).status).toBe(200);

    await client.get('/dashboard/account/security');
    const rest = await client.post('/dashboard/account/sessions/end-others');
    expect(rest.location).toBe(`${gw.dashboardUrl}/account/security?notice=other-sessions-signed-out`);
    expect((await browsers[0]!.get('/dashboard/account/security')).location).toBe(
      `${gw.dashboardUrl}/sign-in`,
    );
    expect((await client.get('/dashboard/account/security')).body).toContain(
      'No other browser is signed in.',
    );
    expect((await stranger.client.get('/dashboard/account/security')).status).toBe(200);
  });
});

describe('the sign-in throttle', () => {
  it('counts an address as signed in from only once the second factor answers', async () => {
    const { email, userId, client } = await signedInLogin();
    const { secret } = await turnOn(client);
    const accounts = createAccountsContext(
      gw.running.gateway,
      createTotpSecretCipher(gw.running.gateway.config),
    );
    const known = async () =>
      (
        await gw.running.gateway.orm.em
          .getConnection()
          .execute<{ n: string }[]>(
            'select count(*) as n from sign_in_known_ips where user_id = ? and ip = ?',
            [userId, '203.0.113.9'],
          )
      )[0]!.n;
    const outcome = await signInWithPassword(accounts, { email, password: PASSWORD, ip: '203.0.113.9' });
    expect(outcome.kind).toBe('second_factor');
    expect(await known()).toBe('0');
    if (outcome.kind !== 'second_factor') return;
    await completeSecondFactor(accounts, {
      challenge: outcome.challenge,
      code: totpCodeAt(secret, clock.now()),
    });
    expect(await known()).toBe('1');
  });
});

describe('third-party sign-in', () => {
  it('still asks for the Cairn second factor when the login has one', async () => {
    const { email, userId, client } = await signedInLogin();
    const accounts = createAccountsContext(
      gw.running.gateway,
      createTotpSecretCipher(gw.running.gateway.config),
    );
    const identity = {
      provider: 'local',
      issuer: 'https://id.example.test',
      subject: randomUUID(),
      email,
      emailVerified: true,
    };
    const before = await signInWithOidc(accounts, identity, { ip: '127.0.0.1' });
    expect(before.kind).toBe('session');
    const em = gw.running.gateway.orm.em.fork();
    expect(await em.count(UserIdentity, { userId })).toBe(1);

    await turnOn(client);
    const after = await signInWithOidc(accounts, identity, { ip: '127.0.0.1' });
    expect(after.kind).toBe('second_factor');
    expect(after).not.toHaveProperty('token');
  });
});

describe('passkeys on a dashboard at an IP address', () => {
  it('are not offered: WebAuthn takes no IP address as the site a passkey belongs to', async () => {
    const signedOut = new DashboardClient(gw.baseUrl);
    const page = await signedOut.get('/dashboard/sign-in');
    expect(page.body).not.toContain('Sign in with a passkey');
    const refused = await signedOut.post('/dashboard/passkeys/options', { purpose: 'sign_in' });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain('domain name');
    const { client } = await signedInLogin();
    const security = await client.get('/dashboard/account/security');
    expect(security.body).toContain('passkeys are not offered');
    expect(security.body).not.toContain('Add a passkey');
  });
});

describe('live mode', () => {
  it('opens once the authenticator app is on (CAIRN_REQUIRE_2FA_FOR_LIVE defaults to true)', async () => {
    const { client, email } = await signedInLogin();
    await client.get('/dashboard/account/security');
    const refused = await client.post('/dashboard/mode', { mode: 'live' });
    expect(refused.location).toContain('/dashboard/account/security?notice=live-needs-two-factor');
    expect((await client.get('/dashboard/account/security')).body).toContain('>Test mode<');
    const elsewhere = new DashboardClient(gw.baseUrl);
    await elsewhere.submit('/dashboard/sign-in', '/dashboard/sign-in', { email, password: PASSWORD });
    expect((await elsewhere.get('/dashboard/account/security')).status).toBe(200);
    await turnOn(client);
    // Turning two-factor on signs out the browsers signed in with the password alone.
    expect((await elsewhere.get('/dashboard/account/security')).status).toBe(303);
    await client.get('/dashboard/account/security');
    const live = await client.post('/dashboard/mode', { mode: 'live' });
    expect(live.location).toContain('notice=mode-live');
    expect((await client.get('/dashboard/account/security')).body).toContain('>Live mode<');
  });
});
