import type { Mode } from '@cairn/contract';
import { Business, BusinessMember, type MemberRole, User } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';
import { findSession } from './dashboardSessions.js';
import { hasSecondFactor } from './hasSecondFactor.js';

/** A business as the dashboard names it (the switcher, the page title). */
export interface ViewerBusiness {
  readonly id: string;
  readonly name: string;
}

/** The business a page shows, with the viewer's role in it (what the pages let them do). */
export interface ViewerMembership extends ViewerBusiness {
  readonly role: MemberRole;
}

/** The signed-in person a dashboard page is for, and what the page belongs to. */
export interface SignedInViewer {
  readonly sessionId: string;
  readonly userId: string;
  readonly email: string;
  /** The businesses the login is a member of, oldest first (the switcher). */
  readonly businesses: readonly ViewerBusiness[];
  /** The business the pages show and the login's role in it; undefined until the login is a member of one. */
  readonly business?: ViewerMembership;
  /** The mode toggle: everything on a page belongs to it. */
  readonly mode: Mode;
  /** When the person last proved who they are (sign-in or step-up). */
  readonly authenticatedAt: Date;
  /** Whether live mode is open to this login (two-factor on, or the operator does not require it). */
  readonly mayUseLive: boolean;
}

/**
 * Who a session cookie's token signs in: the login, the businesses it is a member of (oldest first)
 * and the business, role and mode the session shows (its first business when the session names none,
 * or one it is no longer a member of: a removed member's session shows none of that business at once;
 * test mode while live mode needs two-factor and the login has none).
 * Undefined for no token, an unknown one, a session that has ended (expired or idle too long), or one
 * of a login whose address is not confirmed.
 */
export async function loadViewer(
  accounts: AccountsContext,
  token: string | undefined,
): Promise<SignedInViewer | undefined> {
  if (!token) return undefined;
  const em = accounts.orm.em.fork();
  const session = await findSession(em, accounts.clock, token, accounts.lifetime);
  if (!session) return undefined;
  const user = await em.findOne(User, { id: session.userId });
  // A login whose address is not confirmed can do nothing (no session should exist for one).
  if (!user?.emailVerifiedAt) return undefined;
  const memberships = await em.find(BusinessMember, { userId: user.id });
  const roles = new Map(memberships.map((m) => [m.businessId, m.role]));
  const businesses = await em.find(
    Business,
    { id: { $in: [...roles.keys()] } },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const business = businesses.find((b) => b.id === session.businessId) ?? businesses[0];
  const role = business ? roles.get(business.id) : undefined;
  const mayUseLive = !accounts.liveNeedsSecondFactor || (await hasSecondFactor(em, user.id));
  return {
    sessionId: session.id,
    userId: user.id,
    email: user.email,
    businesses: businesses.map((b) => ({ id: b.id, name: b.name })),
    ...(business && role ? { business: { id: business.id, name: business.name, role } } : {}),
    // A session left in live mode whose login has since turned two-factor off shows test mode.
    mode: mayUseLive ? session.mode : 'test',
    mayUseLive,
    authenticatedAt: session.authenticatedAt,
  };
}
