import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { totpCodeAt } from '../../src/domain/accounts/totpCodes.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { freePort } from '../harness/freePort.js';
import { SoftPasskey } from '../harness/softPasskey.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// Passkeys over real HTTP, answered by a software authenticator (test/harness/softPasskey.ts) so
// that each answer can be bent: the gateway must refuse every one that is not exactly right.
// passkeysBrowser.test.ts runs the same ceremonies in Chromium with its virtual authenticator.

const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
let gw: DashboardTestGateway;
let origin: string;
let passwordHash: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  gw = await startDashboardGateway({
    clock,
    port,
    env: { CAIRN_PUBLIC_URL: origin, CAIRN_SIGNIN_FAILURES_PER_ACCOUNT: '3' },
  });
  passwordHash = await hashPassword(PASSWORD);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

const newPasskey = () => new SoftPasskey('localhost', origin);

/** A confirmed login with a password, signed in on a new client. */
async function signedIn(): Promise<{ email: string; client: DashboardClient }> {
  const email = `passkey-${randomUUID()}@shop.test`;
  await createUser(gw.running.gateway.orm.em.fork(), clock, { email, verified: true, passwordHash });
  return { email, client: await passwordSignIn(email) };
}

async function passwordSignIn(email: string): Promise<DashboardClient> {
  const client = new DashboardClient(origin);
  const answer = await client.submit('/dashboard/sign-in', '/dashboard/sign-in', {
    email,
    password: PASSWORD,
  });
  expect(answer.status).toBe(303);
  return client;
}

/** The options the gateway hands out for a ceremony (the CSRF token of the client's last page). */
async function options(client: DashboardClient, purpose: string): Promise<{ challenge: string }> {
  const answer = await client.post('/dashboard/passkeys/options', { purpose });
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { options: { challenge: string } }).options;
}

/** Adds a passkey for a freshly signed-in client; returns the page the gateway answered with. */
async function addPasskey(client: DashboardClient, passkey: SoftPasskey, name = 'Laptop') {
  await client.get('/dashboard/account/security');
  return client.post('/dashboard/account/passkeys', {
    name,
    passkey: passkey.register(await options(client, 'register')),
  });
}

const countPasskeys = async (email: string) => {
  const rows = await gw.running.gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ n: string }[]>(
      'select count(*) as n from passkeys p join users u on u.id = p.user_id where u.email = ?',
      [email],
    );
  return Number(rows[0]!.n);
};

describe('adding a passkey', () => {
  it('stores only an answer from this origin and host, with the person verified, once', async () => {
    const { email, client } = await signedIn();
    const passkey = newPasskey();
    await client.get('/dashboard/account/security');
    for (const bend of [
      { origin: 'http://evil.test' },
      { rpId: 'evil.test' },
      { noUserVerification: true },
    ]) {
      const refused = await client.post('/dashboard/account/passkeys', {
        name: 'Bent',
        passkey: passkey.register(await options(client, 'register'), bend),
      });
      expect(refused.status, JSON.stringify(bend)).toBe(422);
      expect(refused.body).toContain('could not be added');
    }
    // A challenge handed out to another session of the login does not register here.
    const other = await passwordSignIn(email);
    await other.get('/dashboard/account/security');
    const foreign = newPasskey().register(await options(other, 'register'));
    await client.get('/dashboard/account/security');
    const crossed = await client.post('/dashboard/account/passkeys', { name: 'Crossed', passkey: foreign });
    expect(crossed.status).toBe(422);
    expect(await countPasskeys(email)).toBe(0);

    const added = await addPasskey(client, passkey);
    // The first second factor: ten recovery codes, shown once.
    expect(added.status).toBe(200);
    expect(added.body).toContain('Your recovery codes');
    expect([...added.body.matchAll(/<li><code>/g)]).toHaveLength(10);
    expect(await countPasskeys(email)).toBe(1);
    // Two-factor is on now: the browser signed in with the password alone is signed out.
    expect((await other.get('/dashboard/account/security')).status).toBe(303);
    expect((await client.get('/dashboard/account/security')).status).toBe(200);

    // The same credential again (its challenge spent, or a new one): not stored twice.
    const again = await addPasskey(client, passkey);
    expect(again.status).toBe(422);
    expect(await countPasskeys(email)).toBe(1);
  });

  it('asks an older sign-in to confirm it is you first', async () => {
    const { client } = await signedIn();
    clock.advance(11 * MINUTE);
    await client.get('/dashboard/account/security');
    const refused = await client.post('/dashboard/passkeys/options', { purpose: 'register' });
    expect(refused.status).toBe(401);
    const page = await client.post('/dashboard/account/passkeys/new');
    expect(page.status).toBe(401);
    expect(page.body).toContain('Confirm it’s you');
  });
});

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone, each answer once, and never with a bent or unknown one', async () => {
    const { email, client } = await signedIn();
    const passkey = newPasskey();
    expect((await addPasskey(client, passkey)).status).toBe(200);

    // The password throttle does not stop the owner's passkey: three wrong passwords from here first.
    const stranger = new DashboardClient(origin);
    for (let i = 0; i < 4; i += 1) {
      await stranger.submit('/dashboard/sign-in', '/dashboard/sign-in', {
        email,
        password: 'wrong wrong wrong',
      });
    }
    const throttled = await stranger.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(throttled.status).toBe(429);

    const browser = new DashboardClient(origin);
    await browser.get('/dashboard/sign-in');
    expect(browser.lastPage).toContain('Sign in with a passkey');
    const answer = passkey.answer(await options(browser, 'sign_in'));
    const signed = await browser.post('/dashboard/sign-in/passkey', { passkey: answer });
    expect(signed.status).toBe(303);
    expect(signed.location).toBe(`${origin}/dashboard/`);
    expect((await browser.get('/dashboard/account/security')).body).toContain(email);

    // The same answer from another browser: its challenge is spent.
    const replayer = new DashboardClient(origin);
    await replayer.get('/dashboard/sign-in');
    const replay = await replayer.post('/dashboard/sign-in/passkey', { passkey: answer });
    expect(replay.status).toBe(401);
    expect([...replayer.cookies.keys()].some((name) => name.includes('session'))).toBe(false);

    for (const bend of [
      { origin: 'http://evil.test' },
      { rpId: 'evil.test' },
      { noUserVerification: true },
      { counter: 1 }, // behind the counter the gateway has seen
    ]) {
      const bent = new DashboardClient(origin);
      await bent.get('/dashboard/sign-in');
      const refused = await bent.post('/dashboard/sign-in/passkey', {
        passkey: passkey.answer(await options(bent, 'sign_in'), bend),
      });
      expect(refused.status, JSON.stringify(bend)).toBe(401);
    }
    const unknown = new DashboardClient(origin);
    await unknown.get('/dashboard/sign-in');
    const stray = await unknown.post('/dashboard/sign-in/passkey', {
      passkey: newPasskey().answer(await options(unknown, 'sign_in')),
    });
    expect(stray.status).toBe(401);
    expect(stray.body).toContain('not one of this dashboard’s');
    const garbage = await unknown.post('/dashboard/sign-in/passkey', { passkey: '{"id":1}' });
    expect(garbage.status).toBe(401);
  });

  it("answers a password sign-in's second step with the login's own passkey only", async () => {
    const owner = await signedIn();
    const ownerKey = newPasskey();
    expect((await addPasskey(owner.client, ownerKey)).status).toBe(200);
    const other = await signedIn();
    const otherKey = newPasskey();
    expect((await addPasskey(other.client, otherKey)).status).toBe(200);

    const client = new DashboardClient(origin);
    const first = await client.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: owner.email,
      password: PASSWORD,
    });
    expect(first.location).toBe(`${origin}/dashboard/sign-in/two-factor`);
    const page = await client.get('/dashboard/sign-in/two-factor');
    expect(page.body).toContain('Use a passkey');
    expect(page.body).toContain('Recovery code');

    const foreign = await client.post('/dashboard/sign-in/two-factor', {
      passkey: otherKey.answer(await options(client, 'second_factor')),
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body).toContain('did not answer for this login');
    // An answer made for another pending sign-in of the same login completes only that one.
    const elsewhere = new DashboardClient(origin);
    await elsewhere.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email: owner.email,
      password: PASSWORD,
    });
    await elsewhere.get('/dashboard/sign-in/two-factor');
    const crossed = await client.post('/dashboard/sign-in/two-factor', {
      passkey: ownerKey.answer(await options(elsewhere, 'second_factor')),
    });
    expect(crossed.status).toBe(401);
    const own = await client.post('/dashboard/sign-in/two-factor', {
      passkey: ownerKey.answer(await options(client, 'second_factor')),
    });
    expect(own.status).toBe(303);
    expect(own.location).toBe(`${origin}/dashboard/`);
  });
});

describe('step-up and live mode with a passkey', () => {
  it('confirms a change with the passkey, for the session it was asked in only', async () => {
    const { email, client } = await signedIn();
    const passkey = newPasskey();
    expect((await addPasskey(client, passkey)).status).toBe(200);
    clock.advance(11 * MINUTE);

    await client.get('/dashboard/account/security');
    const asked = await client.post('/dashboard/account/passkeys/new');
    expect(asked.body).toContain('Confirm with a passkey');

    // An answer to a challenge handed out to another session of the login does not count here.
    const other = await passwordSignIn(email);
    const secondStep = await other.get('/dashboard/sign-in/two-factor');
    expect(secondStep.status).toBe(200);
    const crossed = passkey.answer(await options(other, 'second_factor'));
    const refused = await client.post('/dashboard/account/passkeys/new', {
      step_up: '1',
      step_up_passkey: crossed,
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('did not answer');

    await client.get('/dashboard/account/security');
    const answer = passkey.answer(await options(client, 'step_up'));
    const done = await client.post('/dashboard/account/passkeys/new', {
      step_up: '1',
      step_up_passkey: answer,
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Add a passkey');
  });

  it('opens live mode only with a second factor on, and shows test mode again when the last one goes', async () => {
    const { client } = await signedIn();
    await client.get('/dashboard/account/security');
    const refused = await client.post('/dashboard/mode', { mode: 'live' });
    expect(refused.location).toBe(`${origin}/dashboard/account/security?notice=live-needs-two-factor`);
    expect((await client.get('/dashboard/account/security')).body).toContain('>Test mode<');

    expect((await addPasskey(client, newPasskey())).status).toBe(200);
    await client.get('/dashboard/account/security');
    const live = await client.post('/dashboard/mode', { mode: 'live' });
    expect(live.location).toContain('notice=mode-live');
    const security = await client.get('/dashboard/account/security');
    expect(security.body).toContain('>Live mode<');

    // Removing the last passkey (a fresh session: no step-up) turns two-factor off: test mode again.
    const id = /\/account\/passkeys\/([0-9a-f-]{36})\/remove/.exec(security.body)![1]!;
    const removed = await client.post(`/dashboard/account/passkeys/${id}/remove`);
    expect(removed.location).toContain('notice=passkey-removed-two-factor-off');
    expect((await client.get('/dashboard/account/security')).body).toContain('>Test mode<');
  });
});

describe('a passkey-only account', () => {
  it('has no password at all, signs in with its passkey, switches to live and confirms changes with it', async () => {
    // A login with no password (as third-party sign-in makes one), signed in once (standing in for
    // that provider's sign-in), adds a passkey; from then on the passkey is all it has.
    const email = `passkey-only-${randomUUID()}@shop.test`;
    const em = gw.running.gateway.orm.em.fork();
    const user = await createUser(em, clock, { email, verified: true });
    const { token } = await createSession(em, clock, {
      userId: user.id,
      lifetime: { absoluteMs: 86_400_000, idleMs: 86_400_000 },
    });
    const first = new DashboardClient(origin);
    first.cookies.set('cairn_session', token);
    const passkey = newPasskey();
    expect((await addPasskey(first, passkey)).status).toBe(200);

    const browser = new DashboardClient(origin);
    await browser.get('/dashboard/sign-in');
    const signed = await browser.post('/dashboard/sign-in/passkey', {
      passkey: passkey.answer(await options(browser, 'sign_in')),
    });
    expect(signed.status).toBe(303);
    await browser.get('/dashboard/account/security');
    const live = await browser.post('/dashboard/mode', { mode: 'live' });
    expect(live.location).toContain('notice=mode-live');
    expect((await browser.get('/dashboard/account/security')).body).toContain('>Live mode<');

    // Later, a change that needs a step-up: the page offers the passkey only, and it completes it.
    clock.advance(11 * MINUTE);
    const asked = await browser.post('/dashboard/account/passkeys/new');
    expect(asked.status).toBe(401);
    expect(asked.body).toContain('Confirm with a passkey');
    expect(asked.body).not.toContain('step_up_password');
    const done = await browser.post('/dashboard/account/passkeys/new', {
      step_up: '1',
      step_up_passkey: passkey.answer(await options(browser, 'step_up')),
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Add a passkey');
  });
});

/** The lock links of the security alerts mailed to the address, newest first, with their subjects. */
async function alertsTo(email: string): Promise<{ subject: string; text: string }[]> {
  return gw.running.gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ subject: string; text: string }[]>(
      `select subject, text_body as text from mail_messages
       where to_address = ? and kind = 'security_alert' order by created_at desc, id desc`,
      [email],
    );
}

const unusedCodes = async (email: string) => {
  const rows = await gw.running.gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ n: string }[]>(
      'select count(*) as n from recovery_codes r join users u on u.id = r.user_id where u.email = ? and r.used_at is null',
      [email],
    );
  return Number(rows[0]!.n);
};

describe('passkeys and security alerts', () => {
  it('mails each added or removed passkey; "this was not me" removes the passkeys added since and locks passkey sign-in', async () => {
    const { email, client } = await signedIn();
    const own = newPasskey();
    expect((await addPasskey(client, own, 'My phone')).status).toBe(200);
    const [ownAlert] = await alertsTo(email);
    expect(ownAlert!.text).toContain('My phone');
    clock.advance(1000); // the passkeys and their mails are told apart by time
    expect((await addPasskey(client, newPasskey(), 'Old key')).status).toBe(303);
    const security = await client.get('/dashboard/account/security');
    clock.advance(1000);
    // The list is oldest first: "My phone", then "Old key".
    const oldId = [...security.body.matchAll(/\/account\/passkeys\/([0-9a-f-]{36})\/remove/g)][1]![1]!;
    expect((await client.post(`/dashboard/account/passkeys/${oldId}/remove`)).location).toContain(
      'notice=passkey-removed',
    );
    const [removedAlert] = await alertsTo(email);
    expect(removedAlert!.text).toContain('Old key');
    expect(removedAlert!.text).toMatch(/removed/i);

    // Later someone holding the signed-in browser adds a passkey of theirs: the owner is mailed.
    clock.advance(30 * MINUTE);
    const browser = new DashboardClient(origin);
    await browser.get('/dashboard/sign-in');
    await browser.post('/dashboard/sign-in/passkey', {
      passkey: own.answer(await options(browser, 'sign_in')),
    });
    const thief = newPasskey();
    const added = await addPasskey(browser, thief, 'Not mine');
    expect(added.status).toBe(303);
    // ... and makes new recovery codes with it (the owner's old ones stop working).
    clock.advance(1000);
    await browser.get('/dashboard/account/security');
    const minted = await browser.post('/dashboard/account/two-factor/recovery-codes', {
      passkey: thief.answer(await options(browser, 'step_up')),
    });
    expect(minted.body).toContain('Your recovery codes');
    expect(await unusedCodes(email)).toBe(10);
    const alert = (await alertsTo(email)).find((a) => a.text.includes('Not mine'))!;
    expect(alert.subject).toContain('security alert');
    const token = /lock-account\?token=([A-Za-z0-9_-]{43})/.exec(alert.text)![1]!;

    const owner = new DashboardClient(origin);
    await owner.get(`/dashboard/lock-account?token=${token}`);
    const locked = await owner.post('/dashboard/lock-account', { token });
    expect(locked.status).toBe(200);
    expect(await countPasskeys(email)).toBe(1);

    // The thief's passkey is gone; the owner's is refused until the password is reset.
    for (const passkey of [thief, own]) {
      const attempt = new DashboardClient(origin);
      await attempt.get('/dashboard/sign-in');
      const refused = await attempt.post('/dashboard/sign-in/passkey', {
        passkey: passkey.answer(await options(attempt, 'sign_in')),
      });
      expect(refused.status).toBe(401);
    }
    const attempt = new DashboardClient(origin);
    await attempt.get('/dashboard/sign-in');
    const lockedAnswer = own.answer(await options(attempt, 'sign_in'));
    const refused = await attempt.post('/dashboard/sign-in/passkey', { passkey: lockedAnswer });
    expect(refused.body).toContain('locked from a security alert');
    // The recovery codes the intruder made with their passkey are gone with it (the owner's were
    // replaced by them): the owner makes new ones after the reset.
    expect(await unusedCodes(email)).toBe(0);

    // Unlocked (as a password reset does), the answer refused while locked is still spent.
    await gw.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute('update users set locked_at = null where email = ?', [email]);
    const replay = await attempt.post('/dashboard/sign-in/passkey', { passkey: lockedAnswer });
    expect(replay.status).toBe(401);
    expect(replay.body).not.toContain('locked');
  });

  it('turning the app on after a passkey keeps the recovery codes (they came with the passkey)', async () => {
    const { email, client } = await signedIn();
    const added = await addPasskey(client, newPasskey());
    const codes = [...added.body.matchAll(/<li><code>([a-z2-9]{5}-[a-z2-9]{5})<\/code><\/li>/g)].map(
      (m) => m[1]!,
    );
    expect(codes).toHaveLength(10);
    const setup = await client.submit(
      '/dashboard/account/security',
      '/dashboard/account/two-factor/setup',
      {},
    );
    const secret = /id="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(setup.body)![1]!.replace(/ /g, '');
    const on = await client.post('/dashboard/account/two-factor/confirm', {
      code: totpCodeAt(secret, clock.now()),
    });
    expect(on.location).toContain('notice=app-on');
    expect(await unusedCodes(email)).toBe(10);
    // One of the codes shown with the passkey still answers a sign-in's second step.
    const next = await passwordSignIn(email);
    await next.get('/dashboard/sign-in/two-factor');
    const second = await next.post('/dashboard/sign-in/two-factor', { code: codes[0]! });
    expect(second.status).toBe(303);
    expect(second.location).toBe(`${origin}/dashboard/`);
  });

  it('answers a malformed passkey id with the Security page, not an error', async () => {
    const { client } = await signedIn();
    await client.get('/dashboard/account/security');
    const odd = await client.post(`/dashboard/account/passkeys/${'a'.repeat(36)}/remove`);
    expect(odd.status).toBe(303);
    expect(odd.location).toBe(`${origin}/dashboard/account/security`);
  });
});

describe('a live wallet with two-factor', () => {
  it('is confirmed only while the login has a second factor', async () => {
    const { email, client } = await signedIn();
    await client.submit('/dashboard/businesses/new', '/dashboard/businesses', { name: 'Live Shop' });
    expect((await addPasskey(client, newPasskey())).status).toBe(200);
    await client.get('/dashboard/account/security');
    expect((await client.post('/dashboard/mode', { mode: 'live' })).location).toContain('mode-live');
    await client.get('/dashboard/wallets/new?chain=BTC');
    const added = await client.post('/dashboard/wallets', {
      chain_id: 'BTC',
      value: deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC', 'p2wpkh'),
    });
    expect(added.body).toContain('pending confirmation');
    const [mail] = await gw.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ text: string }[]>(
        "select text_body as text from mail_messages where to_address = ? and kind = 'wallet_confirmation'",
        [email],
      );
    const token = /wallets\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    // The last passkey goes (two-factor off): the mailed link confirms nothing until it is on again.
    const security = await client.get('/dashboard/account/security');
    const id = /\/account\/passkeys\/([0-9a-f-]{36})\/remove/.exec(security.body)![1]!;
    await client.post(`/dashboard/account/passkeys/${id}/remove`);
    await client.get(`/dashboard/wallets/confirm?token=${token}`);
    const refused = await client.post('/dashboard/wallets/confirm', { token });
    expect(refused.location).toBe(`${origin}/dashboard/account/security?notice=live-needs-two-factor`);
    const [wallet] = await gw.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ confirmed_at: Date | null }[]>(
        "select w.confirmed_at from wallets w join businesses b on b.id = w.business_id join users u on u.id = b.user_id where u.email = ? and w.chain_id = 'BTC'",
        [email],
      );
    expect(wallet!.confirmed_at).toBeNull();
  });
});
