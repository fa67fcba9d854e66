import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/runtime/clock.js';
import { addressGroup } from '../../web/addressGroup.js';

/** The window failed sign-ins are counted over. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** An IP address a login signed in from stays known (exempt from the all-addresses limit) this long. */
export const KNOWN_IP_DAYS = 90;

export interface SignInLimits {
  /** Failures per address from one caller IP address. */
  readonly perAccount: number;
  /** Failures per caller IP address, whatever the address. */
  readonly perIp: number;
  /** Failures per address from all IP addresses the login never signed in from. */
  readonly perAccountTotal: number;
}

/** Where an attempt comes from, as counted: an IPv4 address, or an IPv6 address's /64. */
const callerOf = (ip: string) => addressGroup(ip).slice(0, 64);

/** Advisory lock classes: one lock per address, one per caller IP address (always taken in this order). */
const LOCK_ADDRESS = 71_001;
const LOCK_IP = 71_002;

/**
 * Reserves one password check for this address from this IP address, or says how many seconds until
 * one may be tried. The reservation is a failure row written before the password is checked, under
 * transaction-scoped advisory locks on the address and the IP address, so concurrent attempts cannot
 * all pass the count: at most the limit of them are ever checked. Counted over the last 15 minutes
 * (whether or not the address has a login, so the answer says nothing about that): per address and
 * IP address pair, per IP address (an IPv6 address counts by its /64), and per address from IP
 * addresses the login has not signed in from (so a stranger's guesses never lock the owner out of
 * their own devices). A wrong password leaves the row counted; `recordSignInSuccess` removes it.
 */
export async function reserveSignInAttempt(
  em: EntityManager,
  clock: Clock,
  email: string,
  ip: string,
  limits: SignInLimits,
): Promise<{ reserved: true } | { reserved: false; retryAfterSeconds: number }> {
  const address = email.slice(0, 254);
  const from = callerOf(ip);
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const inTx = tx.getTransactionContext();
    await connection.execute(
      'select pg_advisory_xact_lock(?, hashtext(lower(?)))',
      [LOCK_ADDRESS, address],
      'all',
      inTx,
    );
    await connection.execute('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK_IP, from], 'all', inTx);
    const now = clock.now();
    const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
    const knownSince = new Date(now.getTime() - KNOWN_IP_DAYS * 24 * 3_600_000);
    const [row] = await connection.execute<
      { by_pair: string | null; by_ip: string | null; by_account: string | null }[]
    >(
      `select
         (select at from sign_in_failures where lower(email) = lower(?) and ip = ? and at > ? order by at desc offset ? limit 1) as by_pair,
         (select at from sign_in_failures where ip = ? and at > ? order by at desc offset ? limit 1) as by_ip,
         case when exists (
           select 1 from sign_in_known_ips k join users u on u.id = k.user_id
           where lower(u.email) = lower(?) and k.ip = ? and k.last_at > ?
         ) then null else
           (select at from sign_in_failures where lower(email) = lower(?) and at > ? order by at desc offset ? limit 1)
         end as by_account`,
      [
        ...[address, from, since, limits.perAccount - 1],
        ...[from, since, limits.perIp - 1],
        ...[address, from, knownSince, address, since, limits.perAccountTotal - 1],
      ],
      'all',
      inTx,
    );
    // The n-th most recent failure in the window (n = the limit) leaves it when the window has passed.
    const waits = [row?.by_pair, row?.by_ip, row?.by_account]
      .filter((at): at is string => at != null)
      .map((at) => new Date(at).getTime() + SIGN_IN_WINDOW_MS - now.getTime());
    if (waits.length > 0) {
      return { reserved: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
    }
    await connection.execute(
      'insert into sign_in_failures (email, ip, at) values (?, ?, ?)',
      [address, from, now],
      'run',
      inTx,
    );
    return { reserved: true };
  });
}

/**
 * A successful sign-in: its reservation and the failures of this address from this IP address are
 * forgotten (a stranger's from elsewhere still count), and the IP address becomes one of the login's
 * known ones.
 */
export async function recordSignInSuccess(
  em: EntityManager,
  clock: Clock,
  user: { id: string; email: string },
  ip: string,
): Promise<void> {
  const connection = em.getConnection();
  const inTx = em.getTransactionContext();
  await connection.execute(
    'delete from sign_in_failures where lower(email) = lower(?) and ip = ?',
    [user.email, callerOf(ip)],
    'run',
    inTx,
  );
  await rememberIp(em, clock, user.id, ip);
}

/**
 * After a password reset (which the throttle never blocks): the address's failures are forgotten
 * and the IP address the reset came from becomes a known one.
 */
export async function afterPasswordReset(
  em: EntityManager,
  clock: Clock,
  user: { id: string; email: string },
  ip: string | undefined,
): Promise<void> {
  await em
    .getConnection()
    .execute(
      'delete from sign_in_failures where lower(email) = lower(?)',
      [user.email],
      'run',
      em.getTransactionContext(),
    );
  if (ip) await rememberIp(em, clock, user.id, ip);
}

/** Whether the login signed in (or reset its password) from this IP address in the last {@link KNOWN_IP_DAYS} days. */
export async function isKnownSignInIp(
  em: EntityManager,
  clock: Clock,
  userId: string,
  ip: string,
): Promise<boolean> {
  const knownSince = new Date(clock.now().getTime() - KNOWN_IP_DAYS * 24 * 3_600_000);
  const rows = await em
    .getConnection()
    .execute<{ known: boolean }[]>(
      'select exists (select 1 from sign_in_known_ips where user_id = ? and ip = ? and last_at > ?) as known',
      [userId, callerOf(ip), knownSince],
      'all',
      em.getTransactionContext(),
    );
  return rows[0]?.known === true;
}

async function rememberIp(em: EntityManager, clock: Clock, userId: string, ip: string): Promise<void> {
  await em.getConnection().execute(
    `insert into sign_in_known_ips (user_id, ip, last_at) values (?, ?, ?)
       on conflict (user_id, ip) do update set last_at = excluded.last_at`,
    [userId, callerOf(ip), clock.now()],
    'run',
    em.getTransactionContext(),
  );
}
