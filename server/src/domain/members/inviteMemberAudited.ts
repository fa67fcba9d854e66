import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import {
  Business,
  BusinessInvitation,
  BusinessMember,
  type MemberRole,
  User,
} from '../../platform/db/entities/index.js';
import { findUserByEmail } from '../accounts/findUserByEmail.js';
import { normalizeEmail } from '../accounts/passwordRules.js';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { invitationMail } from '../mail/invitationMails.js';
import { queueMail } from '../mail/queueMail.js';
import { hashInvitationToken, INVITATION_TTL_MS, newInvitationToken } from './invitationTokens.js';
import { MemberError } from './MemberError.js';
import { MEMBER_ROLES, roleName } from './roles.js';

/**
 * The owner invites an address to the business with a role (not owner): a link through the mail
 * queue, valid 7 days. An address that is already a member is refused; a pending invitation of the
 * address is replaced (its link stops working). Audited, and the owner is mailed a security alert.
 */
export async function inviteMemberAudited(
  gateway: Gateway,
  actor: AuditActor & { readonly userId: string },
  input: { readonly businessId: string; readonly email: string; readonly role: string },
): Promise<{ readonly email: string }> {
  const email = normalizeEmail(input.email);
  if (!email) throw new MemberError('EMAIL_INVALID', 'Enter an email address such as name@example.com.');
  const role = MEMBER_ROLES.find((r): r is Exclude<MemberRole, 'owner'> => r === input.role && r !== 'owner');
  if (!role) throw new MemberError('ROLE_INVALID', 'Choose admin, developer, support or viewer.');
  await gateway.orm.em.fork().transactional(async (em) => {
    // Locked: two invitations of one address at once replace each other instead of racing on the index.
    const business = await em.findOneOrFail(
      Business,
      { id: input.businessId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const login = await findUserByEmail(em, email);
    if (login && (await em.count(BusinessMember, { businessId: business.id, userId: login.id })) > 0)
      throw new MemberError('ALREADY_MEMBER', `${login.email} is already a member of this business.`);
    const now = gateway.clock.now();
    // One pending invitation per address: a new one replaces it (the old link stops working).
    await em
      .getConnection()
      .execute(
        'update business_invitations set revoked_at = ? where business_id = ? and lower(email) = lower(?) and accepted_at is null and revoked_at is null',
        [now, business.id, email],
        'run',
        em.getTransactionContext(),
      );
    const token = newInvitationToken();
    em.create(BusinessInvitation, {
      id: randomUUID(),
      businessId: business.id,
      email,
      role,
      tokenHash: hashInvitationToken(token) as string,
      invitedBy: actor.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
    });
    await em.flush();
    const inviter = await em.findOneOrFail(User, { id: actor.userId });
    const { config } = gateway;
    await queueMail(
      em,
      gateway.clock,
      { smtp: config.CAIRN_SMTP_URL !== undefined, log: gateway.log },
      invitationMail({
        to: email,
        businessName: business.name,
        role: roleName(role),
        inviter: inviter.email,
        link: `${config.urls.dashboard}/invitations/${token}`,
        validDays: INVITATION_TTL_MS / 86_400_000,
      }),
    );
    await recordAudit(em, gateway.clock, actor, {
      businessId: business.id,
      action: 'member.invited',
      target: email,
      details: { role },
    });
    await alertBusinessOwner(em, gateway, actor, business.id, {
      kind: 'member_invited',
      member: email,
      role,
    });
  });
  return { email };
}
