import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from './runSql.js';

/** How long a sign-in may wait for its second factor, and how many wrong codes it may take. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_FAILURES = 5;
/** Tries per login over all its challenges, in this window. */
const USER_MAX_FAILURES = 10;
const USER_WINDOW_MS = 15 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The hash a pending sign-in is known by (its second-step token's), e.g. to bind a passkey challenge to it. */
export const signInHashOf = hashToken;

/** How the first factor was proven. */
export type FirstFactor = 'password' | 'oidc';

/** A sign-in waiting for its second factor. */
export interface SecondFactorChallenge {
  readonly userId: string;
  readonly method: FirstFactor;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

/** Opens a challenge for a login whose first factor was right; returns the browser's token for it. */
export async function openChallenge(
  em: EntityManager,
  now: Date,
  input: { userId: string; method: FirstFactor; ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');

  // Expired challenges are kept for the window, so their tries still count against the login.
  await runSql(em, 'delete from second_factor_challenges where created_at <= ?', [
    new Date(now.getTime() - USER_WINDOW_MS),
  ]);
  await runSql(
    em,
    `insert into second_factor_challenges (token_hash, user_id, method, ip, user_agent, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
    [
      hashToken(token),
      input.userId,
      input.method,
      input.ip?.slice(0, 64) ?? null,
      input.userAgent?.slice(0, 256) ?? null,
      now,
      new Date(now.getTime() + CHALLENGE_TTL_MS),
    ],
  );
  return token;
}

/** The live challenge for a browser's token, or undefined (unknown, expired or out of tries). */
export async function findChallenge(
  em: EntityManager,
  now: Date,
  token: string,
): Promise<SecondFactorChallenge | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await runSql<ChallengeRow[]>(
    em,
    `select user_id, method, ip, user_agent from second_factor_challenges
     where token_hash = ? and expires_at > ? and failures < ?`,
    [hashToken(token), now, CHALLENGE_MAX_FAILURES],
  );
  return row ? fromRow(row) : undefined;
}

/**
 * Takes one try of a challenge before its code is checked, so that no number of parallel requests
 * checks more codes than allowed: at most five per challenge, and at most ten per login in fifteen
 * minutes over all its challenges (someone who has the password cannot open challenge after
 * challenge to guess codes). The login's row is locked while counting. Undefined when no try is left.
 * A right code then closes the challenge ({@link closeChallenge}), which forgets its tries.
 */
export async function takeChallengeTry(
  em: EntityManager,
  now: Date,
  token: string,
): Promise<SecondFactorChallenge | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const tokenHash = hashToken(token);
  return em.transactional(async (tx) => {
    const [found] = await runSql<{ user_id: string }[]>(
      tx,
      'select user_id from second_factor_challenges where token_hash = ?',
      [tokenHash],
    );
    if (!found) return undefined;
    await runSql(tx, 'select id from users where id = ? for update', [found.user_id]);
    const [row] = await runSql<ChallengeRow[]>(
      tx,
      `update second_factor_challenges set failures = failures + 1
       where token_hash = ? and expires_at > ? and failures < ?
         and (select coalesce(sum(failures), 0) from second_factor_challenges
              where user_id = ? and created_at > ?) < ?
       returning user_id, method, ip, user_agent`,
      [
        tokenHash,
        now,
        CHALLENGE_MAX_FAILURES,
        found.user_id,
        new Date(now.getTime() - USER_WINDOW_MS),
        USER_MAX_FAILURES,
      ],
    );
    return row ? fromRow(row) : undefined;
  });
}

/** Ends a challenge (answered); true when this call ended it, so only one request completes it. */
export async function closeChallenge(em: EntityManager, token: string): Promise<boolean> {
  const rows = await runSql<{ token_hash: string }[]>(
    em,
    'delete from second_factor_challenges where token_hash = ? returning token_hash',
    [hashToken(token)],
  );
  return rows.length === 1;
}

interface ChallengeRow {
  user_id: string;
  method: FirstFactor;
  ip: string | null;
  user_agent: string | null;
}

const fromRow = (row: ChallengeRow): SecondFactorChallenge => ({
  userId: row.user_id,
  method: row.method,
  ip: row.ip,
  userAgent: row.user_agent,
});
