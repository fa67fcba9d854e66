import { BusinessMember, DashboardSession } from '../../platform/db/entities/index.js';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { findMember } from './findMember.js';
import { MemberError } from './MemberError.js';

/**
 * The owner removes a member (never the owner). Their access ends at once: the membership goes, and
 * every session of theirs showing this business is pointed at none (the next request shows another
 * business of theirs, or the first business's form), in the same transaction. API keys they created
 * stay: they belong to the business. Audited, and the owner is mailed a security alert.
 */
export async function removeMemberAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly userId: string },
): Promise<void> {
  await gateway.orm.em.fork().transactional(async (em) => {
    const { member, email } = await findMember(em, input.businessId, input.userId);
    if (member.role === 'owner')
      throw new MemberError(
        'OWNER_UNCHANGEABLE',
        'The owner cannot be removed: hand ownership to another member first.',
      );
    await em.nativeDelete(BusinessMember, { businessId: input.businessId, userId: input.userId });
    await em.nativeUpdate(
      DashboardSession,
      { userId: input.userId, businessId: input.businessId },
      { businessId: null },
    );
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: 'member.removed',
      target: email,
      details: { role: member.role },
    });
    await alertBusinessOwner(em, gateway, actor, input.businessId, { kind: 'member_removed', member: email });
  });
}
