import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BusinessMember, type IBusinessMember, User } from '../../platform/db/entities/index.js';
import { MemberError } from './MemberError.js';

/** A member of the business with their address, locked for the caller's change (or MEMBER_NOT_FOUND). */
export async function findMember(
  em: EntityManager,
  businessId: string,
  userId: string,
): Promise<{ member: IBusinessMember; email: string }> {
  const member = await em.findOne(
    BusinessMember,
    { businessId, userId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  const user = member ? await em.findOne(User, { id: userId }) : null;
  if (!member || !user)
    throw new MemberError('MEMBER_NOT_FOUND', 'That person is not a member of this business.');
  return { member, email: user.email };
}
