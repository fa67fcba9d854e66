import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from './runSql.js';

/**
 * Whether the login has two-factor on: a confirmed authenticator app, or a passkey (one that verifies
 * its person, PIN or biometrics, is two factors by itself).
 */
export async function hasSecondFactor(em: EntityManager, userId: string): Promise<boolean> {
  const [row] = await runSql<{ on: boolean }[]>(
    em,
    `select exists (select 1 from totp_factors where user_id = ? and confirmed_at is not null)
         or exists (select 1 from passkeys where user_id = ?) as on`,
    [userId, userId],
  );
  return row?.on === true;
}
