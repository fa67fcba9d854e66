import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from './runSql.js';

/** A login's authenticator app (the `totp_factors` row; its secret still sealed). */
export interface TotpFactorRow {
  readonly secretSealed: string;
  readonly confirmedAt: Date | null;
  readonly lastUsedStep: bigint | null;
}

/** The login's authenticator app, confirmed or not, or undefined. */
export async function readTotpFactor(em: EntityManager, userId: string): Promise<TotpFactorRow | undefined> {
  const [row] = await runSql<
    { secret_sealed: string; confirmed_at: Date | null; last_used_step: string | null }[]
  >(em, 'select secret_sealed, confirmed_at, last_used_step from totp_factors where user_id = ?', [userId]);
  if (!row) return undefined;
  return {
    secretSealed: row.secret_sealed,
    confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
    lastUsedStep: row.last_used_step === null ? null : BigInt(row.last_used_step),
  };
}

/** Stores a new, unconfirmed secret for the login (replacing an unconfirmed one; never a confirmed one). */
export async function saveUnconfirmedTotp(
  em: EntityManager,
  userId: string,
  secretSealed: string,
  now: Date,
): Promise<boolean> {
  const rows = await runSql<{ user_id: string }[]>(
    em,
    `insert into totp_factors (user_id, secret_sealed, created_at) values (?, ?, ?)
     on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, created_at = excluded.created_at,
       last_used_step = null
     where totp_factors.confirmed_at is null
     returning user_id`,
    [userId, secretSealed, now],
  );
  return rows.length === 1;
}

/**
 * Records that a code for `step` was accepted, only if no code for that step or a later one was
 * (one statement, so two requests with the same code cannot both pass); `confirm` also turns the
 * app on. True when this call won.
 */
export async function claimTotpStep(
  em: EntityManager,
  userId: string,
  step: bigint,
  options: { confirm?: Date } = {},
): Promise<boolean> {
  const rows = await runSql<{ user_id: string }[]>(
    em,
    `update totp_factors set last_used_step = ?, confirmed_at = coalesce(confirmed_at, ?)
     where user_id = ? and (last_used_step is null or last_used_step < ?)
       and ${options.confirm ? 'confirmed_at is null' : 'confirmed_at is not null'}
     returning user_id`,
    [step.toString(), options.confirm ?? null, userId, step.toString()],
  );
  return rows.length === 1;
}

/** Removes the login's authenticator app. */
export async function deleteTotpFactor(em: EntityManager, userId: string): Promise<void> {
  await runSql(em, 'delete from totp_factors where user_id = ?', [userId]);
}
