import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { checkSecondFactor } from './checkSecondFactor.js';
import { replaceRecoveryCodes } from './recoveryCodes.js';
import { readTotpFactor } from './totpFactors.js';

const wrongCode = () =>
  new AccountError(
    'SECOND_FACTOR_INVALID',
    'That code is not right. Type the six digits your app shows now.',
  );

/**
 * New recovery codes (the old ones stop working), after a code from the app: whoever holds only a
 * signed-in browser cannot mint themselves a way back in.
 *
 * @throws {AccountError} TWO_FACTOR_OFF, SECOND_FACTOR_INVALID.
 */
export async function regenerateRecoveryCodes(
  ctx: AccountsContext,
  userId: string,
  code: string,
): Promise<string[]> {
  return ctx.orm.em.fork().transactional(async (em) => {
    const factor = await readTotpFactor(em, userId);
    if (!factor?.confirmedAt) throw new AccountError('TWO_FACTOR_OFF', 'Two-factor sign-in is off.');
    if (!(await checkSecondFactor(em, ctx, userId, code, ['totp']))) throw wrongCode();
    return replaceRecoveryCodes(em, userId, ctx.clock.now());
  });
}
