import { randomUUID } from 'node:crypto';
import { AuditEvent, BusinessMember, User } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';
import { endAllSessions } from './dashboardSessions.js';
import { lockEmailToken, spendEmailTokens } from './emailTokens.js';
import { runSql } from './runSql.js';
import { undoSecondFactorsSince } from './undoSecondFactorsSince.js';

/**
 * "This was not me": uses a security alert's lock link (once; every other open lock link of the login
 * is spent with it) and locks its login, in one transaction: every session ends (signed out
 * everywhere), every sign-in waiting for its second factor is dropped, second factors added since
 * the alert was sent (a passkey or an authenticator app someone else may have enrolled) are removed,
 * and no sign-in is accepted
 * (password, third-party or second step) until a password reset sets a new password and unlocks it.
 * Each of the login's businesses records `account.locked` in its audit log. Returns the login's
 * address, for the page that says what happened.
 *
 * @throws {AccountError} LINK_INVALID, LINK_EXPIRED or LINK_USED.
 */
export async function lockAccount(
  ctx: AccountsContext,
  input: { token: string; ip?: string },
): Promise<{ email: string }> {
  return ctx.orm.em.fork().transactional(async (em) => {
    const link = await lockEmailToken(em, ctx.clock, 'lock_account', input.token);
    const userId = link.userId;
    await spendEmailTokens(em, ctx.clock, userId, 'lock_account');
    // A minute's slack: the factor an alert names was stored a moment before the alert's link was made.
    await undoSecondFactorsSince(em, userId, new Date(link.createdAt.getTime() - 60_000));
    const user = await em.findOneOrFail(User, { id: userId });
    user.lockedAt = ctx.clock.now();
    await em.flush();
    await endAllSessions(em, userId);
    await runSql(em, 'delete from second_factor_challenges where user_id = ?', [userId]);
    // The audit entry is written here, not through businesses/recordAudit: that folder builds on this one.
    // Every business the login is a member of: its log says the member's login was locked.
    const memberships = await em.find(BusinessMember, { userId }, { orderBy: { createdAt: 'asc' } });
    for (const membership of memberships) {
      em.create(AuditEvent, {
        id: randomUUID(),
        businessId: membership.businessId,
        actorUserId: userId,
        actor: user.email,
        action: 'account.locked',
        target: user.email,
        details: { reason: 'security alert: this was not me' },
        ip: input.ip ?? null,
        createdAt: ctx.clock.now(),
      });
    }
    await em.flush();
    return { email: user.email };
  });
}
