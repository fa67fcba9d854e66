import { Business } from '../../platform/db/entities/index.js';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { findMember } from './findMember.js';
import { MemberError } from './MemberError.js';

/**
 * The owner hands ownership to another member, who becomes the owner; the former owner stays as an
 * admin. `businesses.user_id` and both member rows change in one transaction. Audited; both the former
 * and the new owner are mailed a security alert.
 */
export async function handOwnershipAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly fromUserId: string; readonly toUserId: string },
): Promise<void> {
  await gateway.orm.em.fork().transactional(async (em) => {
    const current = await findMember(em, input.businessId, input.fromUserId);
    if (current.member.role !== 'owner')
      throw new MemberError('OWNER_UNCHANGEABLE', 'Only the owner can hand ownership over.');
    if (input.toUserId === input.fromUserId) return;
    const next = await findMember(em, input.businessId, input.toUserId);
    // One owner at a time (a unique index): the former owner steps down first.
    current.member.role = 'admin';
    await em.flush();
    next.member.role = 'owner';
    const business = await em.findOneOrFail(Business, { id: input.businessId });
    business.userId = input.toUserId;
    await em.flush();
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: 'business.ownership_handed',
      target: next.email,
      details: { from: current.email },
    });
    const change = { kind: 'ownership_handed', from: current.email, to: next.email } as const;
    // The new owner is mailed as the owner; the former owner, now an admin, is told too.
    await alertBusinessOwner(em, gateway, actor, input.businessId, change);
    await alertBusinessOwner(em, gateway, actor, input.businessId, change, input.fromUserId);
  });
}
