import type { EntityManager } from '@mikro-orm/postgresql';
import { hasSecondFactor } from './hasSecondFactor.js';
import { deleteRecoveryCodes } from './recoveryCodes.js';
import { runSql } from './runSql.js';

/**
 * Removes the second factors a login gained at or after `since` (the moment a security alert was
 * sent): its passkeys made since, and its authenticator app if it was turned on since, so that whoever
 * the owner disowned with "this was not me" keeps no way in after the password reset. Factors the
 * owner had before stay. Recovery codes made since go (they were shown to whoever made them), and all
 * of them when no factor is left (two-factor is off).
 */
export async function undoSecondFactorsSince(em: EntityManager, userId: string, since: Date): Promise<void> {
  await runSql(em, 'delete from passkeys where user_id = ? and created_at >= ?', [userId, since]);
  await runSql(
    em,
    'delete from totp_factors where user_id = ? and (confirmed_at is null or confirmed_at >= ?)',
    [userId, since],
  );
  await runSql(em, 'delete from passkey_challenges where user_id = ?', [userId]);
  // Codes made since (by an app or a passkey enrolled then, or "new recovery codes") were shown to
  // whoever did it: they go too, and the owner makes new ones after the reset.
  await runSql(em, 'delete from recovery_codes where user_id = ? and created_at >= ?', [userId, since]);
  if (!(await hasSecondFactor(em, userId))) await deleteRecoveryCodes(em, userId);
}
