import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { saveChallenge } from './passkeyChallenges.js';
import { readPasskeyCredentials } from './passkeys.js';

/** A login may keep this many passkeys. */
export const MAX_PASSKEYS = 10;

/** The relying party, or the refusal to show where passkeys cannot work. */
export function requirePasskeys(ctx: AccountsContext) {
  if (!ctx.passkeys) {
    throw new AccountError(
      'PASSKEYS_UNAVAILABLE',
      'Passkeys need the dashboard to be served under a domain name over https (or localhost).',
    );
  }
  return ctx.passkeys;
}

/**
 * The options a browser needs to make a passkey for the signed-in login: a discoverable credential
 * (so it can sign in without a password) that verifies the person (PIN or biometrics, so it counts as
 * two factors), never one the login has already. The challenge is kept for this session only.
 *
 * @throws {AccountError} PASSKEYS_UNAVAILABLE, PASSKEY_FAILED (the login has the most passkeys allowed).
 */
export async function startPasskeyRegistration(
  ctx: AccountsContext,
  input: { userId: string; email: string; sessionId: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = requirePasskeys(ctx);
  const em = ctx.orm.em.fork();
  const existing = await readPasskeyCredentials(em, input.userId);
  if (existing.length >= MAX_PASSKEYS) {
    throw new AccountError('PASSKEY_FAILED', `A login can have ${MAX_PASSKEYS} passkeys. Remove one first.`);
  }
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: input.email,
    userDisplayName: input.email,
    userID: new TextEncoder().encode(input.userId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credential.id,
      ...(p.credential.transports ? { transports: p.credential.transports } : {}),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: 120_000,
  });
  await saveChallenge(em, ctx.clock.now(), {
    challenge: options.challenge,
    purpose: 'register',
    userId: input.userId,
    sessionId: input.sessionId,
  });
  return options;
}
