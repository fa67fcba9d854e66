import { createHash, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from './runSql.js';

/** How many recovery codes a login gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. 31 symbols, 10 per code: about 49 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code as stored: the SHA-256 of its symbols, lower case, without spaces or dashes. */
const hashCode = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** Whether text looks like a recovery code (`xxxxx-xxxxx`, dash and case optional). */
export const looksLikeRecoveryCode = (text: string): boolean =>
  /^[a-z2-9]{5}-?[a-z2-9]{5}$/i.test(text.replace(/\s/g, ''));

/**
 * Replaces the login's recovery codes with ten new ones and returns them (the only time they are
 * seen: only their hashes are kept). Codes are long random strings, so a plain SHA-256 is enough.
 */
export async function replaceRecoveryCodes(em: EntityManager, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
  });

  await runSql(em, 'delete from recovery_codes where user_id = ?', [userId]);
  await runSql(
    em,
    `insert into recovery_codes (user_id, code_hash, created_at) values ${codes.map(() => '(?, ?, ?)').join(', ')}`,
    codes.flatMap((code) => [userId, hashCode(code), now]),
  );
  return codes;
}

/** Spends one recovery code; true when it was the login's and unused (one statement: used once only). */
export async function useRecoveryCode(
  em: EntityManager,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const rows = await runSql<{ user_id: string }[]>(
    em,
    `update recovery_codes set used_at = ? where user_id = ? and code_hash = ? and used_at is null
     returning user_id`,
    [now, userId, hashCode(code)],
  );
  return rows.length === 1;
}

/** How many unused recovery codes the login has left. */
export async function countRecoveryCodes(em: EntityManager, userId: string): Promise<number> {
  const [row] = await runSql<{ n: string }[]>(
    em,
    'select count(*) as n from recovery_codes where user_id = ? and used_at is null',
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** Forgets the login's recovery codes. */
export async function deleteRecoveryCodes(em: EntityManager, userId: string): Promise<void> {
  await runSql(em, 'delete from recovery_codes where user_id = ?', [userId]);
}
