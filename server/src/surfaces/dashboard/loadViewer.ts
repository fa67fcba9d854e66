import type { EntityManager } from '@mikro-orm/postgresql';
import { findSession, type SessionLifetime } from '../../domain/accounts/dashboardSessions.js';
import { Business, User } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import type { Viewer } from './render/Viewer.js';

/** The viewer a session cookie's token stands for, or undefined (no such session, or it ended). */
export async function loadViewer(
  em: EntityManager,
  clock: Clock,
  token: string | undefined,
  lifetime: SessionLifetime,
): Promise<Viewer | undefined> {
  if (!token) return undefined;
  const session = await findSession(em, clock, token, lifetime);
  if (!session) return undefined;
  const user = await em.findOne(User, { id: session.userId });
  if (!user) return undefined;
  const businesses = await em.find(
    Business,
    { userId: user.id },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const business = businesses.find((b) => b.id === session.businessId) ?? businesses[0];
  return {
    sessionId: session.id,
    userId: user.id,
    email: user.email,
    businesses: businesses.map((b) => ({ id: b.id, name: b.name })),
    ...(business ? { business: { id: business.id, name: business.name } } : {}),
    mode: session.mode,
  };
}
