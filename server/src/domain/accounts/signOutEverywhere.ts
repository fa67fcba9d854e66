import type { AccountsContext } from './AccountsContext.js';
import { endAllSessions } from './dashboardSessions.js';

/** Ends every dashboard session of a login (every browser, the caller's included). */
export async function signOutEverywhere(accounts: AccountsContext, userId: string): Promise<void> {
  await endAllSessions(accounts.orm.em.fork(), userId);
}
