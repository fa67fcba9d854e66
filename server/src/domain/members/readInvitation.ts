import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Business,
  BusinessInvitation,
  type IBusinessInvitation,
  User,
} from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { hashInvitationToken } from './invitationTokens.js';
import { MemberError } from './MemberError.js';

/** An invitation as its page shows it: the business, the role, who invited, the invited address. */
export interface InvitationView {
  readonly invitation: IBusinessInvitation;
  readonly businessName: string;
  readonly inviter: string;
}

/**
 * The usable invitation of a link's token, found by the token's hash (locked when `lock` is set, for
 * the caller's transaction). Unknown, expired, revoked and used links all get one refusal, which says
 * nothing of the address or the business.
 *
 * @throws {MemberError} INVITATION_UNUSABLE.
 */
export async function readInvitation(
  em: EntityManager,
  clock: Clock,
  token: string,
  lock = false,
): Promise<InvitationView> {
  const hash = hashInvitationToken(token);
  const invitation = hash
    ? await em.findOne(
        BusinessInvitation,
        { tokenHash: hash },
        lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
      )
    : null;
  const business = invitation ? await em.findOne(Business, { id: invitation.businessId }) : null;
  if (
    !invitation ||
    !business ||
    invitation.acceptedAt ||
    invitation.revokedAt ||
    invitation.expiresAt <= clock.now()
  )
    throw new MemberError(
      'INVITATION_UNUSABLE',
      'This invitation link does not work: it may have expired, been revoked or already been used. Ask the business’s owner for a new invitation.',
    );
  const inviter = await em.findOne(User, { id: invitation.invitedBy });
  return { invitation, businessName: business.name, inviter: inviter?.email ?? '' };
}
