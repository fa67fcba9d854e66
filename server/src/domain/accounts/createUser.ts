import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type IUser, User } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';

/**
 * Creates a login: from dashboard sign-up (unverified and without a password: the sign-up's password
 * waits on its confirmation link), from third-party sign-in (verified, no password), or by operators
 * and tests.
 */
export async function createUser(
  em: EntityManager,
  clock: Clock,
  input: { email: string; verified: boolean; passwordHash?: string },
): Promise<IUser> {
  const now = clock.now();
  const user = em.create(User, {
    id: randomUUID(),
    email: input.email,
    passwordHash: input.passwordHash ?? null,
    emailVerifiedAt: input.verified ? now : null,
    lockedAt: null,
    createdAt: now,
  });
  await em.flush();
  return user;
}
