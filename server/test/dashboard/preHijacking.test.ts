import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountError } from '../../src/domain/accounts/AccountError.js';
import { createAccountsContext } from '../../src/domain/accounts/createAccountsContext.js';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { signInWithOidc } from '../../src/domain/accounts/signInWithOidc.js';
import { signUp } from '../../src/domain/accounts/signUp.js';
import { verifyEmail } from '../../src/domain/accounts/verifyEmail.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { createTotpSecretCipher } from '../../src/surfaces/dashboard/createTotpSecretCipher.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const ATTACKER = 'the attacker’s password';
const OWNER = 'the real owner’s password';
const clock = new ManualClock(new Date());
let gw: DashboardTestGateway;

beforeAll(async () => {
  // No SMTP server: mail stays in mail_messages (the dev mailbox), where the test reads its links.
  gw = await startDashboardGateway({ clock, env: { CAIRN_SIGNIN_FAILURES_PER_ACCOUNT: '3' } });
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

const client = () => new DashboardClient(gw.baseUrl);

/** The confirmation tokens mailed to the address, oldest first. */
async function confirmationTokens(email: string): Promise<string[]> {
  const rows = await gw.running.gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ text_body: string }[]>(
      "select text_body from mail_messages where to_address = ? and kind = 'verify_email' order by created_at, id",
      [email],
    );
  return rows.map((row) => /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(row.text_body)![1]!);
}

async function signUpOverHttp(email: string, password: string): Promise<void> {
  const answer = await client().submit('/dashboard/sign-up', '/dashboard/sign-up', { email, password });
  expect(answer.status).toBe(200);
}

async function confirm(token: string, password: string) {
  const c = client();
  return c.submit(`/dashboard/verify-email?token=${token}`, '/dashboard/verify-email', { token, password });
}

const signIn = (email: string, password: string) =>
  client().submit('/dashboard/sign-in', '/dashboard/sign-in', { email, password });

describe('account pre-hijacking', () => {
  it('never makes valid a password someone else chose before the owner confirmed the address', async () => {
    await signUpOverHttp('frank@shop.test', ATTACKER);
    clock.advance(1000);
    await signUpOverHttp('frank@shop.test', OWNER);
    const [attackers, owners] = await confirmationTokens('frank@shop.test');
    // Nothing is valid before confirmation: not the attacker's password, not the owner's.
    expect((await signIn('frank@shop.test', ATTACKER)).status).toBe(401);
    expect((await signIn('frank@shop.test', OWNER)).status).toBe(401);

    // The owner opens the attacker's link by mistake: their own password does not fit it; unused.
    const mistaken = await confirm(attackers!, OWNER);
    expect(mistaken.status).toBe(401);
    expect(mistaken.body).toContain('This is not the password chosen when this link was sent');
    // Their own link, with their own password, confirms the address.
    const confirmed = await confirm(owners!, OWNER);
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toContain('notice=email-verified');

    expect((await signIn('frank@shop.test', OWNER)).status).toBe(303);
    expect((await signIn('frank@shop.test', ATTACKER)).status).toBe(401);
    // The attacker's link is spent with the owner's.
    expect((await confirm(attackers!, ATTACKER)).status).toBe(410);
  });

  it('answers an unconfirmed login exactly like a wrong password, and counts it (nothing to poll)', async () => {
    await signUpOverHttp('poll@shop.test', ATTACKER);
    const unconfirmed = await signIn('poll@shop.test', ATTACKER);
    const unknown = await signIn('nobody-here@shop.test', ATTACKER);
    expect(unconfirmed.status).toBe(401);
    const normalize = (body: string, email: string) =>
      body.replaceAll(email, 'EMAIL').replace(/name="_csrf" value="[^"]+"/g, '');
    expect(normalize(unconfirmed.body, 'poll@shop.test')).toBe(
      normalize(unknown.body, 'nobody-here@shop.test'),
    );
    // Counted as failures: the limit (3) is reached with the right password.
    await signIn('poll@shop.test', ATTACKER);
    await signIn('poll@shop.test', ATTACKER);
    expect((await signIn('poll@shop.test', ATTACKER)).status).toBe(429);
  });

  it('drops, on a third-party join, every password chosen before confirmation (links included)', async () => {
    const accounts = createAccountsContext(
      gw.running.gateway,
      createTotpSecretCipher(gw.running.gateway.config),
    );
    await signUp(accounts, { email: 'joined@shop.test', password: ATTACKER });
    const [attackers] = await confirmationTokens('joined@shop.test');
    await signInWithOidc(
      accounts,
      {
        provider: 'local',
        issuer: 'https://id.shop.test',
        subject: 'joined',
        email: 'joined@shop.test',
        emailVerified: true,
      },
      { ip: '127.0.0.1' },
    );
    expect((await signIn('joined@shop.test', ATTACKER)).status).toBe(401);
    await expect(verifyEmail(accounts, { token: attackers!, password: ATTACKER })).rejects.toThrow(
      expect.objectContaining({ code: 'LINK_USED' }) as AccountError,
    );
    expect((await signIn('joined@shop.test', ATTACKER)).status).toBe(401);
  });

  it('signs nobody in with a session of a login whose address is not confirmed', async () => {
    const em = gw.running.gateway.orm.em.fork();
    const user = await createUser(em, clock, { email: 'early@shop.test', verified: false });
    const { token } = await createSession(em, clock, {
      userId: user.id,
      lifetime: { absoluteMs: 3_600_000, idleMs: 3_600_000 },
    });
    const c = client();
    c.cookies.set('cairn_session', token);
    expect((await c.get('/dashboard/businesses/new')).location).toContain('/dashboard/sign-in');
    expect((await c.request('GET', '/dashboard/')).location).toContain('/dashboard/sign-in');
  });
});
