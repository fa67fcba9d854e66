import { BusinessInvitation, type MemberRole, User } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';

/** A pending invitation as the members page lists it. */
export interface InvitationLine {
  readonly id: string;
  readonly email: string;
  readonly role: MemberRole;
  /** The inviting login's address. */
  readonly invitedBy: string;
  readonly expiresAt: Date;
}

/** The business's invitations not yet accepted, revoked or expired, oldest first. */
export async function listPendingInvitations(
  gateway: Gateway,
  businessId: string,
): Promise<InvitationLine[]> {
  const em = gateway.orm.em.fork();
  const rows = await em.find(
    BusinessInvitation,
    { businessId, acceptedAt: null, revokedAt: null, expiresAt: { $gt: gateway.clock.now() } },
    { orderBy: { createdAt: 'asc' } },
  );
  const users = await em.find(User, { id: { $in: rows.map((r) => r.invitedBy) } });
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    invitedBy: emails.get(r.invitedBy) ?? '',
    expiresAt: r.expiresAt,
  }));
}
