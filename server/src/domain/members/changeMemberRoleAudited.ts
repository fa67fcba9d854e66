import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { findMember } from './findMember.js';
import { MemberError } from './MemberError.js';
import { MEMBER_ROLES } from './roles.js';

/**
 * The owner gives a member another role (not `owner`: ownership is handed with `handOwnershipAudited`;
 * the owner's own role changes only that way). Audited, and the owner is mailed a security alert; the
 * member's next request is checked against the new role.
 */
export async function changeMemberRoleAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly userId: string; readonly role: string },
): Promise<void> {
  const role = MEMBER_ROLES.find((r) => r === input.role && r !== 'owner');
  if (!role) throw new MemberError('ROLE_INVALID', 'Choose admin, developer, support or viewer.');
  await gateway.orm.em.fork().transactional(async (em) => {
    const { member, email } = await findMember(em, input.businessId, input.userId);
    if (member.role === 'owner')
      throw new MemberError(
        'OWNER_UNCHANGEABLE',
        'The owner’s role changes only by handing ownership to another member.',
      );
    if (member.role === role) return;
    const from = member.role;
    member.role = role;
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: 'member.role_changed',
      target: email,
      details: { from, to: role },
    });
    await alertBusinessOwner(em, gateway, actor, input.businessId, {
      kind: 'member_role_changed',
      member: email,
      from,
      to: role,
    });
  });
}
