import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountsContext } from './AccountsContext.js';
import { looksLikeRecoveryCode, useRecoveryCode } from './recoveryCodes.js';
import { looksLikeTotpCode, matchTotpStep } from './totpCodes.js';
import { claimTotpStep, readTotpFactor } from './totpFactors.js';

/** Which second factor answered. */
export type SecondFactorKind = 'totp' | 'recovery_code';

/**
 * Checks a second factor of a login with two-factor on, and spends it: an authenticator code is
 * accepted once (its time step is recorded; the same or an older code is refused after), a recovery
 * code is used up. `allow` limits which kinds count (regenerating recovery codes takes an app code).
 */
export async function checkSecondFactor(
  em: EntityManager,
  ctx: AccountsContext,
  userId: string,
  code: string,
  allow: readonly SecondFactorKind[] = ['totp', 'recovery_code'],
): Promise<SecondFactorKind | undefined> {
  const now = ctx.clock.now();
  if (allow.includes('totp') && looksLikeTotpCode(code)) {
    const factor = await readTotpFactor(em, userId);
    if (!factor?.confirmedAt) return undefined;
    const step = matchTotpStep(ctx.secrets.open(factor.secretSealed), code, now);
    if (step === undefined) return undefined;
    return (await claimTotpStep(em, userId, step)) ? 'totp' : undefined;
  }
  if (allow.includes('recovery_code') && looksLikeRecoveryCode(code)) {
    return (await useRecoveryCode(em, userId, code, now)) ? 'recovery_code' : undefined;
  }
  return undefined;
}
