import type { AccountsContext } from './AccountsContext.js';
import { endSession } from './dashboardSessions.js';

/** Ends one dashboard session (this browser's): its cookie no longer signs anyone in. */
export async function signOut(accounts: AccountsContext, sessionId: string): Promise<void> {
  await endSession(accounts.orm.em.fork(), sessionId);
}
