import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { describeUserAgent } from '../../web/describeUserAgent.js';
import type { MailRoute } from '../mail/queueMail.js';
import { queueMail } from '../mail/queueMail.js';
import { securityAlertMail } from '../mail/securityAlertMails.js';
import { describeSecurityEvent } from './describeSecurityEvent.js';
import { EMAIL_TOKEN_TTL_MS, issueEmailToken } from './emailTokens.js';
import type { SecurityEvent } from './SecurityEvent.js';

/** What sending an alert needs (an `AccountsContext` is one; `alertContextOf` makes one from a gateway). */
export interface AlertContext {
  readonly clock: Clock;
  readonly mail: MailRoute;
  /** The public dashboard URL, for the lock link. */
  readonly dashboardUrl: string;
}

/**
 * Where a change came from: the request's IP address and `User-Agent` (named as a device, e.g.
 * "Firefox on Linux"), or, for a change without a browser, what made it (`the operator CLI`).
 */
export interface AlertOrigin {
  readonly ip?: string;
  readonly userAgent?: string;
  readonly via?: string;
}

/** "203.0.113.7, Firefox on Linux"; "the operator CLI". */
export function describeOrigin(from: AlertOrigin): string {
  if (from.via) return from.ip ? `${from.via} (${from.ip})` : from.via;
  return `${from.ip ?? 'an unknown IP address'}, ${describeUserAgent(from.userAgent ?? null)}`;
}

/**
 * Mails the login a security alert, in the caller's transaction (so a change that rolls back sends
 * none, and one that commits cannot lose its alert): what happened, when (UTC), from where, and a
 * single-use "this was not me" link (`lock_account`, valid 7 days, only its hash stored) that locks
 * the login (`lockAccount`). A login whose address is not confirmed gets nothing (it cannot have
 * signed in or changed anything).
 */
export async function sendSecurityAlert(
  em: EntityManager,
  ctx: AlertContext,
  userId: string,
  event: SecurityEvent,
  from: AlertOrigin,
): Promise<void> {
  const user = await em.findOne(User, { id: userId });
  if (!user?.emailVerifiedAt) return;
  const token = await issueEmailToken(em, ctx.clock, userId, 'lock_account');
  const text = describeSecurityEvent(event);
  await queueMail(
    em,
    ctx.clock,
    ctx.mail,
    securityAlertMail(user.email, {
      ...text,
      at: ctx.clock.now(),
      from: describeOrigin(from),
      lockLink: `${ctx.dashboardUrl}/lock-account?token=${token}`,
      lockValidDays: EMAIL_TOKEN_TTL_MS.lock_account / (24 * 3_600_000),
    }),
  );
}
