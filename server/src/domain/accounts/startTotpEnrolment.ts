import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { newTotpSecret, totpUri } from './totpCodes.js';
import { readTotpFactor, saveUnconfirmedTotp } from './totpFactors.js';

/** What the set-up page shows: the secret as a QR code (its URI) and as text to type. */
export interface TotpEnrolment {
  readonly secret: string;
  readonly uri: string;
}

const alreadyOn = () =>
  new AccountError(
    'TWO_FACTOR_ALREADY_ON',
    'Two-factor sign-in is already on. Turn it off first to set up another app.',
  );

/**
 * Starts setting up an authenticator app: a new secret, stored sealed and unconfirmed (it signs
 * nothing in until a code from the app confirms it). Starting again replaces an unconfirmed secret.
 *
 * @throws {AccountError} TWO_FACTOR_ALREADY_ON.
 */
export async function startTotpEnrolment(
  ctx: AccountsContext,
  login: { userId: string; email: string },
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const saved = await saveUnconfirmedTotp(
    ctx.orm.em.fork(),
    login.userId,
    ctx.secrets.seal(secret),
    ctx.clock.now(),
  );
  if (!saved) throw alreadyOn();
  return { secret, uri: totpUri(secret, login.email) };
}

/** The set-up under way (an unconfirmed secret), for showing its page again; undefined when none. */
export async function readTotpEnrolment(
  ctx: AccountsContext,
  login: { userId: string; email: string },
): Promise<TotpEnrolment | undefined> {
  const factor = await readTotpFactor(ctx.orm.em.fork(), login.userId);
  if (!factor || factor.confirmedAt) return undefined;
  const secret = ctx.secrets.open(factor.secretSealed);
  return { secret, uri: totpUri(secret, login.email) };
}
