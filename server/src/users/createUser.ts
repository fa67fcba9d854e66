import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../clock.js';
import { type IUser, User } from '../db/entities/index.js';

/** Creates a login. The dashboard (later) sets the password; operators and tests create verified users. */
export async function createUser(
  em: EntityManager,
  clock: Clock,
  input: { email: string; verified: boolean },
): Promise<IUser> {
  const now = clock.now();
  const user = em.create(User, {
    id: randomUUID(),
    email: input.email,
    passwordHash: null,
    emailVerifiedAt: input.verified ? now : null,
    createdAt: now,
  });
  await em.flush();
  return user;
}
