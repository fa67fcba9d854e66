import type { Gateway } from '../gateway/Gateway.js';
import { type InvitationView, readInvitation } from './readInvitation.js';

/**
 * The usable invitation of a link's token, for the invitation's page (read in a fresh context of
 * the gateway's database; the surfaces never reach the database themselves).
 *
 * @throws {MemberError} INVITATION_UNUSABLE, as {@link readInvitation}.
 */
export function findInvitation(gateway: Gateway, token: string): Promise<InvitationView> {
  return readInvitation(gateway.orm.em.fork(), gateway.clock, token);
}
