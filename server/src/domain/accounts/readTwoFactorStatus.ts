import { User } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';
import { countRecoveryCodes } from './recoveryCodes.js';
import { readTotpFactor } from './totpFactors.js';

/** Whether the login has two-factor on, how many recovery codes it has left, and a password. */
export interface TwoFactorStatus {
  readonly on: boolean;
  readonly recoveryCodesLeft: number;
  /** Whether the login has a password (changes to two-factor ask for it). */
  readonly hasPassword: boolean;
}

/** The login's two-factor status. */
export async function readTwoFactorStatus(ctx: AccountsContext, userId: string): Promise<TwoFactorStatus> {
  const em = ctx.orm.em.fork();
  const user = await em.findOneOrFail(User, { id: userId });
  const hasPassword = user.passwordHash !== null;
  const factor = await readTotpFactor(em, userId);
  if (!factor?.confirmedAt) return { on: false, recoveryCodesLeft: 0, hasPassword };
  return { on: true, recoveryCodesLeft: await countRecoveryCodes(em, userId), hasPassword };
}
