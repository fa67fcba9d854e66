import { DashboardSession } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';

/**
 * Signs the login out on other browsers: one (`sessionId`, only if it is the login's) or, without it,
 * every one but the caller's. Returns how many sessions ended.
 */
export async function endOtherSessions(
  ctx: AccountsContext,
  input: { userId: string; currentSessionId: string; sessionId?: string },
): Promise<number> {
  const em = ctx.orm.em.fork();
  if (input.sessionId !== undefined) {
    if (input.sessionId === input.currentSessionId) return 0;
    return em.nativeDelete(DashboardSession, { id: input.sessionId, userId: input.userId });
  }
  return em.nativeDelete(DashboardSession, { userId: input.userId, id: { $ne: input.currentSessionId } });
}
