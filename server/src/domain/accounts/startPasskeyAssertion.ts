import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { AccountsContext } from './AccountsContext.js';
import { type PasskeyChallengeBinding, type PasskeyPurpose, saveChallenge } from './passkeyChallenges.js';
import { readPasskeyCredentials } from './passkeys.js';
import { requirePasskeys } from './startPasskeyRegistration.js';

/**
 * The options a browser needs to answer with a passkey: for signing in without a password, any passkey
 * made for this dashboard (the browser offers the person theirs); for a sign-in's second step or a
 * step-up, one of the login's. The person must be verified (PIN or biometrics). The challenge is kept
 * for this purpose and binding only.
 *
 * @throws {AccountError} PASSKEYS_UNAVAILABLE.
 */
export async function startPasskeyAssertion(
  ctx: AccountsContext,
  input: { purpose: Exclude<PasskeyPurpose, 'register'> } & PasskeyChallengeBinding,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = requirePasskeys(ctx);
  const em = ctx.orm.em.fork();
  const allowed = input.userId ? await readPasskeyCredentials(em, input.userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: 120_000,
    allowCredentials: allowed.map((p) => ({
      id: p.credential.id,
      ...(p.credential.transports ? { transports: p.credential.transports } : {}),
    })),
  });
  await saveChallenge(em, ctx.clock.now(), { challenge: options.challenge, ...input });
  return options;
}
