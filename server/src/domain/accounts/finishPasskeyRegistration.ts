import { type RegistrationResponseJSON, verifyRegistrationResponse } from '@simplewebauthn/server';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { hasSecondFactor } from './hasSecondFactor.js';
import { takeChallenge } from './passkeyChallenges.js';
import { countPasskeys, insertPasskey } from './passkeys.js';
import { readPasskeyAnswer } from './readPasskeyAnswer.js';
import { replaceRecoveryCodes } from './recoveryCodes.js';
import { runSql } from './runSql.js';
import { type AlertOrigin, sendSecurityAlert } from './sendSecurityAlert.js';
import { MAX_PASSKEYS, requirePasskeys } from './startPasskeyRegistration.js';

const failed = () =>
  new AccountError(
    'PASSKEY_FAILED',
    'The passkey could not be added: the browser’s answer did not match, or took longer than five minutes. Try again.',
  );

/** What adding a passkey came to. */
export interface AddedPasskey {
  readonly id: string;
  readonly name: string;
  /** Ten new recovery codes, shown once, when this passkey turned two-factor on (the login had none). */
  readonly recoveryCodes?: string[];
}

/**
 * Stores the passkey a browser made for the signed-in login, once its answer checks out against the
 * challenge this session was given (spent here, once), the dashboard's origin and host, and a verified
 * person. The first second factor of a login also gets it ten recovery codes. The login is mailed a
 * security alert.
 *
 * @throws {AccountError} PASSKEY_FAILED, PASSKEYS_UNAVAILABLE.
 */
export async function finishPasskeyRegistration(
  ctx: AccountsContext,
  input: { userId: string; sessionId: string; answer: string; name: string; from: AlertOrigin },
): Promise<AddedPasskey> {
  const rp = requirePasskeys(ctx);
  const answer = readPasskeyAnswer<RegistrationResponseJSON>(input.answer);
  if (!answer) throw failed();
  const now = ctx.clock.now();
  // Spent first, in a statement of its own: a refused answer cannot be tried again.
  const issued = await takeChallenge(ctx.orm.em.fork(), now, {
    challenge: answer.challenge,
    purpose: 'register',
    userId: input.userId,
    sessionId: input.sessionId,
  });
  if (!issued) throw failed();
  return ctx.orm.em.fork().transactional(async (em) => {
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: answer.json,
        expectedChallenge: answer.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch {
      throw failed();
    }
    if (!verified.verified) throw failed();
    // Locked: two parallel additions cannot pass the limit together, nor both count as the first factor.
    await runSql(em, 'select id from users where id = ? for update', [input.userId]);
    if ((await countPasskeys(em, input.userId)) >= MAX_PASSKEYS) {
      throw new AccountError(
        'PASSKEY_FAILED',
        `A login can have ${MAX_PASSKEYS} passkeys. Remove one first.`,
      );
    }
    const first = !(await hasSecondFactor(em, input.userId));
    const info = verified.registrationInfo;
    const name = input.name.trim().slice(0, 60) || 'Passkey';
    // The alert (with its lock link) is written before the passkey, which is then no older than the link.
    await sendSecurityAlert(em, ctx, input.userId, { kind: 'passkey_added', name }, input.from);
    const id = await insertPasskey(em, {
      userId: input.userId,
      credential: info.credential,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name,
      now: ctx.clock.now(),
    });
    if (!id) throw new AccountError('PASSKEY_FAILED', 'This passkey is already registered.');
    if (!first) return { id, name };
    return { id, name, recoveryCodes: await replaceRecoveryCodes(em, input.userId, now) };
  });
}
