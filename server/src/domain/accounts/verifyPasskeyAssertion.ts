import type { EntityManager } from '@mikro-orm/postgresql';
import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AccountsContext } from './AccountsContext.js';
import { type PasskeyChallengeBinding, type PasskeyPurpose, takeChallenge } from './passkeyChallenges.js';
import { findPasskeyByCredentialId, recordPasskeyUse, type StoredPasskey } from './passkeys.js';
import { readPasskeyAnswer } from './readPasskeyAnswer.js';
import { requirePasskeys } from './startPasskeyRegistration.js';

/**
 * Checks a browser's passkey answer: the challenge was handed out for this purpose and binding (and is
 * spent here, once), the passkey is registered (to the bound login, when there is one), the signature
 * verifies for the dashboard's origin and host with the person verified, and its counter moved on.
 * Returns the passkey that answered, or undefined for any refusal (the caller says one thing for all).
 *
 * @throws {AccountError} PASSKEYS_UNAVAILABLE.
 */
export async function verifyPasskeyAssertion(
  em: EntityManager,
  ctx: AccountsContext,
  input: { purpose: Exclude<PasskeyPurpose, 'register'>; answer: string } & PasskeyChallengeBinding,
): Promise<StoredPasskey | undefined> {
  const rp = requirePasskeys(ctx);
  const answer = readPasskeyAnswer<AuthenticationResponseJSON>(input.answer);
  if (!answer) return undefined;
  const now = ctx.clock.now();
  const binding = {
    ...(input.userId ? { userId: input.userId } : {}),
    ...(input.sessionId ? { sessionId: input.sessionId } : {}),
    ...(input.signInHash ? { signInHash: input.signInHash } : {}),
  };
  // Spent on a connection of its own, so that it stays spent even when the caller's transaction rolls
  // back (a sign-in refused afterwards, say): an answer is good for one try, whatever became of it.
  const challenge = { challenge: answer.challenge, purpose: input.purpose, ...binding };
  if (!(await takeChallenge(ctx.orm.em.fork(), now, challenge))) return undefined;
  const passkey = await findPasskeyByCredentialId(em, answer.credentialId);
  if (!passkey || (input.userId !== undefined && passkey.userId !== input.userId)) return undefined;
  try {
    const verified = await verifyAuthenticationResponse({
      response: answer.json,
      expectedChallenge: answer.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: passkey.credential,
      requireUserVerification: true,
    });
    if (!verified.verified) return undefined;
    const recorded = await recordPasskeyUse(em, passkey, verified.authenticationInfo.newCounter, now);
    return recorded ? passkey : undefined;
  } catch {
    return undefined;
  }
}
