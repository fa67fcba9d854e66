import { DashboardSession } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';

/** One signed-in browser of a login, as the Security page lists it. */
export interface SessionSummary {
  readonly id: string;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly signedInAt: Date;
  readonly lastSeenAt: Date;
  /** The browser asking. */
  readonly current: boolean;
}

/**
 * The login's live sessions, the latest seen first (sessions past their lifetime or idle too long are
 * left out: they sign nobody in and are deleted when next presented or pruned).
 */
export async function listSessions(
  ctx: AccountsContext,
  input: { userId: string; currentSessionId: string },
): Promise<SessionSummary[]> {
  const now = ctx.clock.now().getTime();
  const sessions = await ctx.orm.em
    .fork()
    .find(
      DashboardSession,
      { userId: input.userId },
      { orderBy: { lastSeenAt: 'desc', createdAt: 'desc', id: 'asc' } },
    );
  return sessions
    .filter((s) => s.expiresAt.getTime() > now && s.lastSeenAt.getTime() + ctx.lifetime.idleMs > now)
    .map((s) => ({
      id: s.id,
      ip: s.ip ?? null,
      userAgent: s.userAgent ?? null,
      signedInAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.id === input.currentSessionId,
    }));
}
