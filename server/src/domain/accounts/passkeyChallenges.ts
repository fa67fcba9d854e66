import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from './runSql.js';

/** How long a passkey ceremony may take, from the options to the answer. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** What a challenge was handed out for. */
export type PasskeyPurpose = 'register' | 'sign_in' | 'second_factor' | 'step_up';

/** Whom a challenge was handed out to: a signed-in session, a login in the middle of signing in, or anyone. */
export interface PasskeyChallengeBinding {
  readonly userId?: string;
  readonly sessionId?: string;
  /** The pending sign-in (the hash of its second-step token) a second step's challenge belongs to. */
  readonly signInHash?: string;
}

/** Keeps a challenge the gateway just handed out (and forgets expired ones). */
export async function saveChallenge(
  em: EntityManager,
  now: Date,
  input: { challenge: string; purpose: PasskeyPurpose } & PasskeyChallengeBinding,
): Promise<void> {
  await runSql(em, 'delete from passkey_challenges where expires_at <= ?', [now]);
  await runSql(
    em,
    `insert into passkey_challenges (challenge, purpose, user_id, session_id, sign_in_hash, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
    [
      input.challenge,
      input.purpose,
      input.userId ?? null,
      input.sessionId ?? null,
      input.signInHash ?? null,
      now,
      new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    ],
  );
}

/**
 * Spends a challenge: true when it was handed out for this purpose and binding, has not expired and
 * was not spent before (one statement, so only one answer ever spends it).
 */
export async function takeChallenge(
  em: EntityManager,
  now: Date,
  input: { challenge: string; purpose: PasskeyPurpose } & PasskeyChallengeBinding,
): Promise<boolean> {
  const rows = await runSql<{ challenge: string }[]>(
    em,
    `delete from passkey_challenges
     where challenge = ? and purpose = ? and expires_at > ?
       and user_id is not distinct from ? and session_id is not distinct from ?
       and sign_in_hash is not distinct from ?
     returning challenge`,
    [
      input.challenge,
      input.purpose,
      now,
      input.userId ?? null,
      input.sessionId ?? null,
      input.signInHash ?? null,
    ],
  );
  return rows.length === 1;
}
