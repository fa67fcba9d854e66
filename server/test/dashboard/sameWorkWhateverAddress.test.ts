import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsContext } from '../../src/domain/accounts/AccountsContext.js';
import { createAccountsContext } from '../../src/domain/accounts/createAccountsContext.js';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { requestPasswordReset } from '../../src/domain/accounts/resetPassword.js';
import { resendVerification, signUp } from '../../src/domain/accounts/signUp.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { createTotpSecretCipher } from '../../src/surfaces/dashboard/createTotpSecretCipher.js';
import { countingHasher } from './countingHasher.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const PASSWORD = 'a perfectly fine passphrase';
const clock = new ManualClock(new Date());
let gw: DashboardTestGateway;

beforeAll(async () => {
  gw = await startDashboardGateway({ clock });
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

type Kind = 'unknown' | 'unverified' | 'verified';

/** A fresh address of the kind: no login, a login not yet confirmed, or a confirmed one. */
async function address(kind: Kind, n: number): Promise<string> {
  const email = `${kind}-${n}@shop.test`;
  if (kind === 'unknown') return email;
  await createUser(gw.running.gateway.orm.em.fork(), clock, {
    email,
    verified: kind === 'verified',
    ...(kind === 'verified' ? { passwordHash: await hashPassword(PASSWORD) } : {}),
  });
  return email;
}

async function rows(): Promise<{ mails: number; tokens: number }> {
  const [row] = await gw.running.gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ mails: number; tokens: number }[]>(
      'select (select count(*)::int from mail_messages) as mails, (select count(*)::int from email_tokens) as tokens',
    );
  return row!;
}

/** The argon2 computations, mail rows and link token rows one call makes. */
async function workOf(run: (ctx: AccountsContext) => Promise<void>) {
  const hasher = countingHasher();
  const ctx = {
    ...createAccountsContext(gw.running.gateway, createTotpSecretCipher(gw.running.gateway.config)),
    hasher,
  };
  const before = await rows();
  await run(ctx);
  const after = await rows();
  return {
    argon2: { ...hasher.calls },
    mails: after.mails - before.mails,
    tokens: after.tokens - before.tokens,
  };
}

describe('sign-up, resend and reset do the same work whatever the address', () => {
  const operations = {
    'sign-up': (ctx: AccountsContext, email: string) => signUp(ctx, { email, password: PASSWORD }),
    resend: (ctx: AccountsContext, email: string) => resendVerification(ctx, { email }),
    reset: (ctx: AccountsContext, email: string) => requestPasswordReset(ctx, { email }),
  };
  let n = 0;
  for (const [name, operation] of Object.entries(operations)) {
    it(`${name}: the same argon2 calls, one token and one mail written, for an unknown, unconfirmed or confirmed address`, async () => {
      const work: Record<string, unknown> = {};
      for (const kind of ['unknown', 'unverified', 'verified'] as const) {
        n += 1;
        const email = await address(kind, n);
        work[kind] = await workOf((ctx) => operation(ctx, email));
      }
      expect(work.unverified, name).toEqual(work.unknown);
      expect(work.verified, name).toEqual(work.unknown);
      expect(work.unknown).toMatchObject({ mails: 1, tokens: 1 });
    });
  }

  it('tells an address without an account that it has none (resend and reset)', async () => {
    const accounts = createAccountsContext(
      gw.running.gateway,
      createTotpSecretCipher(gw.running.gateway.config),
    );
    await requestPasswordReset(accounts, { email: 'stranger@shop.test' });
    const [mail] = await gw.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ subject: string; text_body: string }[]>(
        "select subject, text_body from mail_messages where to_address = 'stranger@shop.test'",
      );
    expect(mail?.subject).toBe('There is no Cairn account for this address');
    expect(mail?.text_body).toContain('a link to choose a new password');
  });
});
