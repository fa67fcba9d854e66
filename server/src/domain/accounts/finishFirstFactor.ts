import type { EntityManager } from '@mikro-orm/postgresql';
import type { IDashboardSession } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';
import { createSession } from './dashboardSessions.js';
import { hasSecondFactor } from './hasSecondFactor.js';
import { type FirstFactor, openChallenge } from './secondFactorChallenges.js';

/** Where a sign-in stands once its first factor (password, third-party sign-in) was right. */
export type SignInOutcome =
  | { readonly kind: 'session'; readonly token: string; readonly session: IDashboardSession }
  /** The login has two-factor on: the browser gets this challenge's token and asks for a code or a passkey. */
  | { readonly kind: 'second_factor'; readonly challenge: string };

/**
 * Ends the first step of a sign-in: a login with two-factor on gets a challenge for its second
 * factor (the session starts only when a code or a passkey answers it, `completeSecondFactor`), any other a session.
 */
export async function finishFirstFactor(
  em: EntityManager,
  ctx: AccountsContext,
  input: { userId: string; method: FirstFactor; ip?: string; userAgent?: string },
): Promise<SignInOutcome> {
  if (await hasSecondFactor(em, input.userId)) {
    return { kind: 'second_factor', challenge: await openChallenge(em, ctx.clock.now(), input) };
  }
  const { token, session } = await createSession(em, ctx.clock, {
    userId: input.userId,
    lifetime: ctx.lifetime,
    ...(input.ip ? { ip: input.ip } : {}),
    ...(input.userAgent ? { userAgent: input.userAgent } : {}),
  });
  return { kind: 'session', token, session };
}
