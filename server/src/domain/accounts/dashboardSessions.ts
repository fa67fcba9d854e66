import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Business,
  BusinessMember,
  DashboardSession,
  type IDashboardSession,
} from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';

/** How long sessions last: in all, and without use. */
export interface SessionLifetime {
  readonly absoluteMs: number;
  readonly idleMs: number;
}

/** Last-seen is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Starts a signed-in session for the login (a fresh random token each time: signing in never reuses
 * a session a browser had before). It opens on the first business the login is a member of, in test mode.
 */
export async function createSession(
  em: EntityManager,
  clock: Clock,
  input: { userId: string; lifetime: SessionLifetime; ip?: string; userAgent?: string },
): Promise<{ token: string; session: IDashboardSession }> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const memberships = await em.find(BusinessMember, { userId: input.userId });
  const [first] = await em.find(
    Business,
    { id: { $in: memberships.map((m) => m.businessId) } },
    { orderBy: { createdAt: 'asc' }, limit: 1 },
  );
  const session = em.create(DashboardSession, {
    id: randomUUID(),
    tokenHash: hashToken(token),
    userId: input.userId,
    businessId: first?.id ?? null,
    mode: 'test',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + input.lifetime.absoluteMs),
    ip: input.ip?.slice(0, 64) ?? null,
    userAgent: input.userAgent?.slice(0, 256) ?? null,
    authenticatedAt: now,
    stepUpFailures: 0,
  });
  await em.flush();
  return { token, session };
}

/** The live session for a cookie's token, or undefined (unknown, expired or idle too long: deleted). */
export async function findSession(
  em: EntityManager,
  clock: Clock,
  token: string,
  lifetime: SessionLifetime,
): Promise<IDashboardSession | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const session = await em.findOne(DashboardSession, { tokenHash: hashToken(token) });
  if (!session) return undefined;
  const now = clock.now().getTime();
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + lifetime.idleMs <= now) {
    await em.nativeDelete(DashboardSession, { id: session.id });
    return undefined;
  }
  if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await em.nativeUpdate(DashboardSession, { id: session.id }, { lastSeenAt: new Date(now) });
  }
  return session;
}

/** Points the session at another business of its login, or another mode. */
export async function updateSession(
  em: EntityManager,
  sessionId: string,
  change: { businessId?: string; mode?: Mode },
): Promise<void> {
  await em.nativeUpdate(DashboardSession, { id: sessionId }, change);
}

/** Signs one browser out. */
export async function endSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeDelete(DashboardSession, { id: sessionId });
}

/** Signs the login out everywhere (every browser, this one included). */
export async function endAllSessions(em: EntityManager, userId: string): Promise<number> {
  return em.nativeDelete(DashboardSession, { userId });
}
