import { LockMode } from '@mikro-orm/core';
import { BusinessInvitation } from '../../platform/db/entities/index.js';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { MemberError } from './MemberError.js';

/** The owner revokes a pending invitation: its link stops working. Audited and mailed to the owner. */
export async function revokeInvitationAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly invitationId: string },
): Promise<void> {
  await gateway.orm.em.fork().transactional(async (em) => {
    const invitation = await em.findOne(
      BusinessInvitation,
      { id: input.invitationId, businessId: input.businessId, acceptedAt: null, revokedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!invitation) throw new MemberError('INVITATION_NOT_FOUND', 'That invitation is no longer pending.');
    invitation.revokedAt = gateway.clock.now();
    await em.flush();
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: 'member.invitation_revoked',
      target: invitation.email,
      details: { role: invitation.role },
    });
    await alertBusinessOwner(em, gateway, actor, input.businessId, {
      kind: 'invitation_revoked',
      member: invitation.email,
    });
  });
}
