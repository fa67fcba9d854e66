import { BusinessMember, type MemberRole, User } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';

/** A member as the members page lists it. */
export interface MemberLine {
  readonly userId: string;
  readonly email: string;
  readonly role: MemberRole;
  readonly since: Date;
}

/** The business's members, the owner first, then by when they joined. */
export async function listMembers(gateway: Gateway, businessId: string): Promise<MemberLine[]> {
  const em = gateway.orm.em.fork();
  const members = await em.find(BusinessMember, { businessId }, { orderBy: { createdAt: 'asc' } });
  const users = await em.find(User, { id: { $in: members.map((m) => m.userId) } });
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return members
    .map((m) => ({ userId: m.userId, email: emails.get(m.userId) ?? '', role: m.role, since: m.createdAt }))
    .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}
