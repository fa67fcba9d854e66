import type { Mode } from '@cairn/contract';
import type { AccountsContext } from './AccountsContext.js';
import { updateSession } from './dashboardSessions.js';

/**
 * Points a dashboard session at another business of its login or at the other mode: what its pages
 * show from the next request on. The caller checks that the business is the login's.
 */
export async function pointSession(
  accounts: AccountsContext,
  sessionId: string,
  change: { readonly businessId?: string; readonly mode?: Mode },
): Promise<void> {
  await updateSession(accounts.orm.em.fork(), sessionId, change);
}
