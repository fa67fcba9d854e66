import { randomUUID } from 'node:crypto';
import { User, UserIdentity } from '../../platform/db/entities/index.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { createUser } from './createUser.js';
import { spendEmailTokens } from './emailTokens.js';
import { findUserByEmail } from './findUserByEmail.js';
import { finishFirstFactor, type SignInOutcome } from './finishFirstFactor.js';
import { lockedError } from './lockedError.js';
import { normalizeEmail } from './passwordRules.js';
import { recordSignIn } from './recordSignIn.js';
import { sendSecurityAlert } from './sendSecurityAlert.js';

/** What a provider said about the person, after the code exchange checked state, nonce and PKCE. */
export interface OidcIdentity {
  readonly provider: string;
  readonly issuer: string;
  readonly subject: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
}

/**
 * Signs in with a third-party identity. A known identity signs its login in. A new one needs an
 * address the provider verified: it joins the login with that address (docs/security.md: third-party
 * sign-in is verified automatically), or a new verified login is created. Joining an unverified login
 * drops every password chosen before (its own, and those its confirmation links carry: the links are
 * spent), so that whoever signed up with someone else's address cannot sign in as them. A login with
 * two-factor on gets a challenge for its second factor instead of a session. A login locked from a
 * security alert is refused until its password is reset. A provider joining an existing login, and a
 * sign-in from a new device or IP address (see `recordSignIn`), are mailed to it as security alerts.
 *
 * @throws {AccountError} OIDC_FAILED when the provider gave no verified address for a new identity,
 * ACCOUNT_LOCKED.
 */
export async function signInWithOidc(
  ctx: AccountsContext,
  identity: OidcIdentity,
  from: { ip: string; userAgent?: string },
): Promise<SignInOutcome & { created: boolean }> {
  return ctx.orm.em.fork().transactional(async (em) => {
    const known = await em.findOne(UserIdentity, { issuer: identity.issuer, subject: identity.subject });
    let userId = known?.userId;
    let created = false;
    if (!userId) {
      const email = identity.email ? normalizeEmail(identity.email) : undefined;
      if (!email || !identity.emailVerified) {
        throw new AccountError(
          'OIDC_FAILED',
          'The provider did not share a verified email address, which a Cairn account needs. Verify your address with the provider, or sign up with email and password.',
        );
      }
      const existing = await findUserByEmail(em, email);
      if (existing && !existing.emailVerifiedAt) {
        existing.passwordHash = null;
        existing.emailVerifiedAt = ctx.clock.now();
        // The confirmation links, and the passwords chosen with them, die with the join.
        await spendEmailTokens(em, ctx.clock, existing.id, 'verify_email');
      }
      const user = existing ?? (await createUser(em, ctx.clock, { email, verified: true }));
      created = existing === null;
      em.create(UserIdentity, {
        id: randomUUID(),
        userId: user.id,
        provider: identity.provider,
        issuer: identity.issuer,
        subject: identity.subject,
        email,
        createdAt: ctx.clock.now(),
      });
      await em.flush();
      userId = user.id;
      if (existing) {
        const event = { kind: 'identity_linked', provider: identity.provider } as const;
        await sendSecurityAlert(em, ctx, user.id, event, from);
      }
    }
    const user = await em.findOneOrFail(User, { id: userId });
    if (user.lockedAt) throw lockedError();
    // A login with two-factor on still answers its Cairn second factor after the provider's sign-in.
    const outcome = await finishFirstFactor(em, ctx, {
      userId,
      method: 'oidc',
      ip: from.ip,
      ...(from.userAgent ? { userAgent: from.userAgent } : {}),
    });
    if (outcome.kind === 'session') await recordSignIn(em, ctx, user, from);
    return { ...outcome, created };
  });
}
