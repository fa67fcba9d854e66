import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptInvitationAudited } from '../../../domain/members/acceptInvitationAudited.js';
import { findInvitation } from '../../../domain/members/findInvitation.js';
import { MemberError } from '../../../domain/members/MemberError.js';
import { messagePage } from '../render/accountPages.js';
import { invitationPage, invitationSignInPage } from '../render/invitationPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { clearInvitationCookie, setInvitationCookie } from './invitationCookie.js';
import { withViewer } from './signedInScopes.js';

type Link = { Params: { token: string } };

/** Joining posts per caller IP address per minute. */
const JOIN_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

const token = (value: string | undefined) => (value ?? '').slice(0, 128);

/** The one page of a link that cannot be used (unknown, expired, revoked or used: not which). */
const unusable = (rt: DashboardRuntime, request: FastifyRequest, reply: FastifyReply, error: MemberError) =>
  rt.send(
    request,
    reply,
    messagePage('This invitation does not work', error.message, 410, {
      href: rt.paths.home,
      label: 'Go to the dashboard',
    }),
  );

/**
 * The page an invitation's link opens, registered signed in or not (as a wallet confirmation's): a
 * signed-out visitor is asked to sign in or sign up, and this browser keeps the link in a cookie to come
 * back to it after signing in; a signed-in login sees the business, the role and the inviter with
 * Join (or, for another address, why not and Sign out). Its button posts to the route of
 * {@link registerInvitationAccept}.
 */
export function registerInvitationPage(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  scope.get<Link>('/invitations/:token', async (request, reply) => {
    const given = token(request.params.token);
    const viewer = request.dashboardViewer;
    if (!viewer) {
      setInvitationCookie(rt, reply, given);
      return rt.send(request, reply, invitationSignInPage(paths));
    }
    clearInvitationCookie(rt, request, reply);
    try {
      const view = await findInvitation(gateway, given);
      return rt.send(request, reply, invitationPage(paths, rt.csrf(reply), given, view, viewer.email));
    } catch (error) {
      if (!(error instanceof MemberError)) throw error;
      return unusable(rt, request, reply, error);
    }
  });
}

/**
 * Joining, in the signed-in (viewer) scope: any signed-in login whose confirmed address is the invited
 * one becomes a member with the invited role, and the session shows the business.
 */
export function registerInvitationAccept(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  scope.post<Link>(
    '/invitations/:token',
    { config: JOIN_LIMIT },
    withViewer<Link>(async (request, reply, viewer) => {
      const given = token(request.params.token);
      try {
        await acceptInvitationAudited(
          gateway,
          { ...rt.actor(request, viewer), userId: viewer.userId },
          { token: given, sessionId: viewer.sessionId },
        );
      } catch (error) {
        if (!(error instanceof MemberError)) throw error;
        if (error.code === 'INVITATION_UNUSABLE') return unusable(rt, request, reply, error);
        const view = await findInvitation(gateway, given).catch(() => undefined);
        if (!view) return unusable(rt, request, reply, error);
        const page = invitationPage(paths, rt.csrf(reply), given, view, viewer.email);
        return rt.send(request, reply, {
          ...page,
          status: error.code === 'ALREADY_MEMBER' ? 409 : 403,
          notice: { kind: 'error', text: error.message },
        });
      }
      return rt.redirect(reply, paths.home, 'member-joined');
    }),
  );
}
