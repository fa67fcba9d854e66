import { BusinessMember, User } from '../../platform/db/entities/index.js';
import { updateSession } from '../accounts/dashboardSessions.js';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { MemberError } from './MemberError.js';
import { readInvitation } from './readInvitation.js';

/**
 * A signed-in login joins a business with an invitation's link: only a login whose confirmed address
 * is the invited one (compared without case). The link works once; the login becomes a member with the
 * invited role, and the session shows the business from the next page. Audited (`member.joined`, the
 * joining login as actor) and mailed to the owner.
 *
 * @throws {MemberError} INVITATION_UNUSABLE, INVITATION_OTHER_ADDRESS or ALREADY_MEMBER.
 */
export async function acceptInvitationAudited(
  gateway: Gateway,
  actor: AuditActor & { readonly userId: string },
  input: { readonly token: string; readonly sessionId: string },
): Promise<{ readonly businessId: string }> {
  return gateway.orm.em.fork().transactional(async (em) => {
    const { invitation } = await readInvitation(em, gateway.clock, input.token, true);
    const login = await em.findOneOrFail(User, { id: actor.userId });
    if (!login.emailVerifiedAt || login.email.toLowerCase() !== invitation.email.toLowerCase())
      throw new MemberError(
        'INVITATION_OTHER_ADDRESS',
        `This invitation is for another address than ${login.email}. Sign in with the invited address to join.`,
      );
    const businessId = invitation.businessId;
    if ((await em.count(BusinessMember, { businessId, userId: login.id })) > 0)
      throw new MemberError('ALREADY_MEMBER', 'You are already a member of this business.');
    const now = gateway.clock.now();
    invitation.acceptedAt = now;
    invitation.acceptedBy = login.id;
    em.create(BusinessMember, { businessId, userId: login.id, role: invitation.role, createdAt: now });
    await em.flush();
    await updateSession(em, input.sessionId, { businessId });
    await recordAudit(em, gateway.clock, actor, {
      businessId,
      action: 'member.joined',
      target: login.email,
      details: { role: invitation.role },
    });
    await alertBusinessOwner(em, gateway, actor, businessId, {
      kind: 'member_joined',
      member: login.email,
      role: invitation.role,
    });
    return { businessId };
  });
}
