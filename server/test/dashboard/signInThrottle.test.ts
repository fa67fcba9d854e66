import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountError } from '../../src/domain/accounts/AccountError.js';
import type { AccountsContext } from '../../src/domain/accounts/AccountsContext.js';
import { createAccountsContext } from '../../src/domain/accounts/createAccountsContext.js';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { issueEmailToken } from '../../src/domain/accounts/emailTokens.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { resetPassword } from '../../src/domain/accounts/resetPassword.js';
import { signInWithPassword } from '../../src/domain/accounts/signInWithPassword.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { createTotpSecretCipher } from '../../src/surfaces/dashboard/createTotpSecretCipher.js';
import { countingHasher } from './countingHasher.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const PASSWORD = 'the owner’s own passphrase';
const clock = new ManualClock(new Date());
let gw: DashboardTestGateway;

beforeAll(async () => {
  gw = await startDashboardGateway({ clock });
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

function accounts(limits: Partial<AccountsContext['limits']> = {}) {
  const hasher = countingHasher();
  const base = createAccountsContext(gw.running.gateway, createTotpSecretCipher(gw.running.gateway.config));
  const ctx: AccountsContext = {
    ...base,
    hasher,
    limits: { perAccount: 10, perIp: 50, perAccountTotal: 100, ...limits },
  };
  return { ctx, hasher };
}

async function owner(email: string): Promise<void> {
  await createUser(gw.running.gateway.orm.em.fork(), clock, {
    email,
    verified: true,
    passwordHash: await hashPassword(PASSWORD),
  });
}

/** The error code of a sign-in, or 'ok'. */
async function outcome(ctx: AccountsContext, email: string, password: string, ip: string): Promise<string> {
  try {
    await signInWithPassword(ctx, { email, password, ip });
    return 'ok';
  } catch (error) {
    if (error instanceof AccountError) return error.code;
    throw error;
  }
}

describe('the sign-in throttle', () => {
  it('checks at most the limit of 20 simultaneous wrong passwords (the slot is reserved atomically)', async () => {
    await owner('burst@shop.test');
    const { ctx, hasher } = accounts();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        outcome(ctx, 'burst@shop.test', `wrong guess ${i}!!`, '203.0.113.9'),
      ),
    );
    expect(answers.filter((a) => a === 'INVALID_CREDENTIALS')).toHaveLength(10);
    expect(answers.filter((a) => a === 'SIGN_IN_THROTTLED')).toHaveLength(10);
    expect(hasher.calls.verify + hasher.calls.verifyNothing).toBe(10);
  });

  it('answers 20 simultaneous wrong passwords over HTTP with 10 refusals and 10 “too many”', async () => {
    await owner('burst-http@shop.test');
    const c = new DashboardClient(gw.baseUrl);
    await c.get('/dashboard/sign-in');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.post('/dashboard/sign-in', { email: 'burst-http@shop.test', password: `wrong guess ${i}!!` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });

  it('does not let a stranger’s failures from other IP addresses lock the owner out', async () => {
    await owner('victim@shop.test');
    const { ctx } = accounts({ perAccountTotal: 25 });
    // The owner signed in from home before.
    expect(await outcome(ctx, 'victim@shop.test', PASSWORD, '198.51.100.7')).toBe('ok');

    const stranger = [];
    for (let i = 0; i < 12; i += 1)
      stranger.push(await outcome(ctx, 'victim@shop.test', `guess ${i} of many`, '203.0.113.50'));
    expect(stranger.slice(0, 10).every((a) => a === 'INVALID_CREDENTIALS')).toBe(true);
    expect(stranger.slice(10)).toEqual(['SIGN_IN_THROTTLED', 'SIGN_IN_THROTTLED']);
    // The owner, from an address of their own or from a new one, still signs in.
    expect(await outcome(ctx, 'victim@shop.test', PASSWORD, '198.51.100.7')).toBe('ok');
    expect(await outcome(ctx, 'victim@shop.test', PASSWORD, '192.0.2.1')).toBe('ok');

    // Strangers spread over many IP addresses reach the limit for all of them together (25):
    for (let ip = 1; ip <= 3; ip += 1)
      for (let i = 0; i < 9; i += 1)
        await outcome(ctx, 'victim@shop.test', `spread ${ip}-${i}!`, `203.0.114.${ip}`);
    // a new IP address waits, even with the right password; the owner's known ones do not.
    expect(await outcome(ctx, 'victim@shop.test', PASSWORD, '192.0.2.200')).toBe('SIGN_IN_THROTTLED');
    expect(await outcome(ctx, 'victim@shop.test', PASSWORD, '198.51.100.7')).toBe('ok');
    expect(await outcome(ctx, 'victim@shop.test', PASSWORD, '192.0.2.1')).toBe('ok');

    // A password reset is never throttled, and opens sign-in from where it was made.
    const em = gw.running.gateway.orm.em.fork();
    const [user] = await em
      .getConnection()
      .execute<{ id: string }[]>("select id from users where email = 'victim@shop.test'");
    const token = await issueEmailToken(em, clock, user!.id, 'reset_password');
    await resetPassword(ctx, { token, password: 'a fresh passphrase!', ip: '192.0.2.200' });
    expect(await outcome(ctx, 'victim@shop.test', 'a fresh passphrase!', '192.0.2.200')).toBe('ok');
  });

  it('counts an IPv6 address by its /64 (a stranger gets no fresh count from each address of theirs)', async () => {
    await owner('six@shop.test');
    const { ctx } = accounts();
    for (let i = 0; i < 10; i += 1)
      expect(await outcome(ctx, 'six@shop.test', `v6 guess ${i}!!`, `2001:db8:0:1::${i + 1}`)).toBe(
        'INVALID_CREDENTIALS',
      );
    expect(await outcome(ctx, 'six@shop.test', PASSWORD, '2001:db8:0:1::99')).toBe('SIGN_IN_THROTTLED');
    expect(await outcome(ctx, 'six@shop.test', PASSWORD, '2001:db8:0:2::1')).toBe('ok');
  });
});
