import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/runtime/clock.js';

/** The window failed sign-ins are counted over. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export interface SignInLimits {
  readonly perAccount: number;
  readonly perIp: number;
}

/**
 * Seconds until sign-in for this address from this IP address may be tried again, or 0. Counted from
 * the failures recorded in the last 15 minutes, per address (whether or not it has a login, so the
 * answer says nothing about that) and per caller IP address.
 */
export async function signInRetryAfter(
  em: EntityManager,
  clock: Clock,
  email: string,
  ip: string,
  limits: SignInLimits,
): Promise<number> {
  const now = clock.now();
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const [row] = await em.getConnection().execute<{ by_email: string | null; by_ip: string | null }[]>(
    `select
       (select at from sign_in_failures where lower(email) = lower(?) and at > ? order by at desc offset ? limit 1) as by_email,
       (select at from sign_in_failures where ip = ? and at > ? order by at desc offset ? limit 1) as by_ip`,
    [email, since, limits.perAccount - 1, ip, since, limits.perIp - 1],
  );
  // The n-th most recent failure in the window (n = the limit) leaves it when the window has passed.
  const oldest = [row?.by_email, row?.by_ip]
    .filter((at): at is string => at != null)
    .map((at) => new Date(at).getTime() + SIGN_IN_WINDOW_MS - now.getTime());
  return oldest.length === 0 ? 0 : Math.max(1, Math.ceil(Math.max(...oldest) / 1000));
}

/** Counts one failed sign-in. */
export async function recordSignInFailure(
  em: EntityManager,
  clock: Clock,
  email: string,
  ip: string,
): Promise<void> {
  await em
    .getConnection()
    .execute('insert into sign_in_failures (email, ip, at) values (?, ?, ?)', [
      email.slice(0, 254),
      ip.slice(0, 64),
      clock.now(),
    ]);
}

/** A successful sign-in clears the address's count (not the IP address's). */
export async function clearSignInFailures(em: EntityManager, email: string): Promise<void> {
  await em.getConnection().execute('delete from sign_in_failures where lower(email) = lower(?)', [email]);
}
