import { User } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';
import { listPasskeys, type PasskeySummary } from './passkeys.js';
import { countRecoveryCodes } from './recoveryCodes.js';
import { readTotpFactor } from './totpFactors.js';

/** The login's second factors: its authenticator app, its passkeys, its recovery codes, and a password. */
export interface TwoFactorStatus {
  /** Two-factor is on: the app, or at least one passkey. */
  readonly on: boolean;
  /** The authenticator app is on. */
  readonly app: boolean;
  readonly passkeys: readonly PasskeySummary[];
  readonly recoveryCodesLeft: number;
  /** Whether the login has a password (changes to two-factor ask for it). */
  readonly hasPassword: boolean;
}

/** The login's two-factor status. */
export async function readTwoFactorStatus(ctx: AccountsContext, userId: string): Promise<TwoFactorStatus> {
  const em = ctx.orm.em.fork();
  const user = await em.findOneOrFail(User, { id: userId });
  const app = (await readTotpFactor(em, userId))?.confirmedAt != null;
  const passkeys = await listPasskeys(em, userId);
  const on = app || passkeys.length > 0;
  return {
    on,
    app,
    passkeys,
    recoveryCodesLeft: on ? await countRecoveryCodes(em, userId) : 0,
    hasPassword: user.passwordHash !== null,
  };
}
