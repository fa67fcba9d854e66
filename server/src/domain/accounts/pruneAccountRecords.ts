import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/runtime/clock.js';
import { KNOWN_IP_DAYS, SIGN_IN_WINDOW_MS } from './signInThrottle.js';

const DAY_MS = 24 * 3_600_000;
/** Mail that was sent (or kept in the dev mailbox) stays this long, for support questions. */
export const MAIL_RETENTION_DAYS = 30;

/**
 * Deletes what sign-in no longer needs: ended sessions, link tokens (sign-in's, and live wallets'
 * confirmation links) a week past their expiry (so a late click still hears "expired", not "invalid"), failures older than the throttle's window,
 * IP addresses a login has not signed in from for {@link KNOWN_IP_DAYS} days, abandoned third-party sign-ins, and sent mail after {@link MAIL_RETENTION_DAYS} days (queued mail
 * is kept until it is sent or given up). Returns the rows deleted per table.
 */
export async function pruneAccountRecords(em: EntityManager, clock: Clock): Promise<Record<string, number>> {
  const now = clock.now().getTime();
  const before = (ms: number) => new Date(now - ms);
  const statements: [string, string, unknown[]][] = [
    ['dashboard_sessions', 'delete from dashboard_sessions where expires_at < ?', [before(0)]],
    ['email_tokens', 'delete from email_tokens where expires_at < ?', [before(7 * DAY_MS)]],
    ['sign_in_failures', 'delete from sign_in_failures where at < ?', [before(SIGN_IN_WINDOW_MS)]],
    [
      'sign_in_known_ips',
      'delete from sign_in_known_ips where last_at < ?',
      [before(KNOWN_IP_DAYS * DAY_MS)],
    ],
    ['oidc_logins', 'delete from oidc_logins where expires_at < ?', [before(0)]],
    ['wallet_confirmations', 'delete from wallet_confirmations where expires_at < ?', [before(7 * DAY_MS)]],
    [
      'mail_messages',
      "delete from mail_messages where status <> 'queued' and created_at < ?",
      [before(MAIL_RETENTION_DAYS * DAY_MS)],
    ],
  ];
  const deleted: Record<string, number> = {};
  for (const [table, sql, params] of statements) {
    const result = await em.getConnection().execute(sql, params, 'run');
    deleted[table] = (result as { affectedRows?: number }).affectedRows ?? 0;
  }
  return deleted;
}
