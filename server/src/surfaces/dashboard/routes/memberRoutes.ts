import type { FastifyInstance } from 'fastify';
import { changeMemberRoleAudited } from '../../../domain/members/changeMemberRoleAudited.js';
import { handOwnershipAudited } from '../../../domain/members/handOwnershipAudited.js';
import { inviteMemberAudited } from '../../../domain/members/inviteMemberAudited.js';
import { listMembers } from '../../../domain/members/listMembers.js';
import { listPendingInvitations } from '../../../domain/members/listPendingInvitations.js';
import { MemberError } from '../../../domain/members/MemberError.js';
import { removeMemberAudited } from '../../../domain/members/removeMemberAudited.js';
import { revokeInvitationAudited } from '../../../domain/members/revokeInvitationAudited.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { membersPage } from '../render/memberPages.js';
import type { Notice } from '../render/Notice.js';
import { redirectNotice } from '../render/Notice.js';
import type { BusinessViewer } from '../render/Viewer.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withBusiness } from './signedInScopes.js';

type Query = { Querystring: { notice?: string } };
type Member = { Params: { id: string }; Body: { role?: string } | undefined };
type Invite = { Body: { email?: string; role?: string } | undefined };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The members page: everyone may see who works in the business; the owner changes roles, removes
 * members and hands ownership (each with step-up, audited and mailed to the owner).
 */
export function registerMemberRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { gateway, paths } = rt;
  const show = async (
    request: Parameters<typeof rt.send>[0],
    reply: Parameters<typeof rt.send>[1],
    viewer: BusinessViewer,
    notice?: Notice,
    status?: number,
  ) => {
    const [members, invitations] = await Promise.all([
      listMembers(gateway, viewer.business.id),
      listPendingInvitations(gateway, viewer.business.id),
    ]);
    const page = membersPage(paths, rt.csrf(reply), viewer, members, invitations, notice);
    return rt.send(request, reply, status ? { ...page, status } : page);
  };
  /** Runs a change; a refused one shows the page again with why. */
  const change = async (
    request: Parameters<typeof rt.send>[0] & { params: { id: string } },
    reply: Parameters<typeof rt.send>[1],
    viewer: BusinessViewer,
    run: (userId: string) => Promise<void>,
    done: 'member-role-changed' | 'member-removed' | 'ownership-handed' | 'invitation-revoked',
  ) => {
    if (!UUID.test(request.params.id)) throw new ApiError('NOT_FOUND', 'No such member.');
    try {
      await run(request.params.id);
    } catch (error) {
      if (!(error instanceof MemberError)) throw error;
      const status = error.code === 'MEMBER_NOT_FOUND' || error.code === 'INVITATION_NOT_FOUND' ? 404 : 409;
      return show(request, reply, viewer, { kind: 'error', text: error.message }, status);
    }
    return rt.redirect(reply, paths.members, done);
  };

  scope.get<Query>(
    '/members',
    { config: { permission: 'members.read' } },
    withBusiness<Query>(async (request, reply, viewer) =>
      show(request, reply, viewer, redirectNotice(request.query.notice)),
    ),
  );

  scope.post<Invite>(
    '/members/invitations',
    { config: { permission: 'members.manage', stepUp: 'invite someone to the business' } },
    withBusiness<Invite>(async (request, reply, viewer) => {
      try {
        await inviteMemberAudited(
          gateway,
          { ...rt.actor(request, viewer), userId: viewer.userId },
          {
            businessId: viewer.business.id,
            email: (request.body?.email ?? '').slice(0, 320),
            role: request.body?.role ?? '',
          },
        );
      } catch (error) {
        if (!(error instanceof MemberError)) throw error;
        const status = error.code === 'ALREADY_MEMBER' ? 409 : 422;
        return show(request, reply, viewer, { kind: 'error', text: error.message }, status);
      }
      return rt.redirect(reply, paths.members, 'member-invited');
    }),
  );

  scope.post<Member>(
    '/members/invitations/:id/revoke',
    { config: { permission: 'members.manage', stepUp: 'revoke an invitation' } },
    withBusiness<Member>(async (request, reply, viewer) =>
      change(
        request,
        reply,
        viewer,
        (invitationId) =>
          revokeInvitationAudited(gateway, rt.actor(request, viewer), {
            businessId: viewer.business.id,
            invitationId,
          }),
        'invitation-revoked',
      ),
    ),
  );

  scope.post<Member>(
    '/members/:id/role',
    { config: { permission: 'members.manage', stepUp: 'change a member’s role' } },
    withBusiness<Member>(async (request, reply, viewer) =>
      change(
        request,
        reply,
        viewer,
        (userId) =>
          changeMemberRoleAudited(gateway, rt.actor(request, viewer), {
            businessId: viewer.business.id,
            userId,
            role: request.body?.role ?? '',
          }),
        'member-role-changed',
      ),
    ),
  );

  scope.post<Member>(
    '/members/:id/remove',
    { config: { permission: 'members.manage', stepUp: 'remove a member' } },
    withBusiness<Member>(async (request, reply, viewer) =>
      change(
        request,
        reply,
        viewer,
        (userId) =>
          removeMemberAudited(gateway, rt.actor(request, viewer), { businessId: viewer.business.id, userId }),
        'member-removed',
      ),
    ),
  );

  scope.post<Member>(
    '/members/:id/owner',
    { config: { permission: 'ownership.transfer', stepUp: 'hand ownership to another member' } },
    withBusiness<Member>(async (request, reply, viewer) =>
      change(
        request,
        reply,
        viewer,
        (toUserId) =>
          handOwnershipAudited(gateway, rt.actor(request, viewer), {
            businessId: viewer.business.id,
            fromUserId: viewer.userId,
            toUserId,
          }),
        'ownership-handed',
      ),
    ),
  );
}
