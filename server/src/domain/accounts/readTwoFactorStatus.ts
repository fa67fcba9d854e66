import type { AccountsContext } from './AccountsContext.js';
import { countRecoveryCodes } from './recoveryCodes.js';
import { readTotpFactor } from './totpFactors.js';

/** Whether the login has two-factor on, and how many recovery codes it has left. */
export interface TwoFactorStatus {
  readonly on: boolean;
  readonly recoveryCodesLeft: number;
}

/** The login's two-factor status. */
export async function readTwoFactorStatus(ctx: AccountsContext, userId: string): Promise<TwoFactorStatus> {
  const em = ctx.orm.em.fork();
  const factor = await readTotpFactor(em, userId);
  if (!factor?.confirmedAt) return { on: false, recoveryCodesLeft: 0 };
  return { on: true, recoveryCodesLeft: await countRecoveryCodes(em, userId) };
}
