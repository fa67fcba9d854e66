import type { EntityManager } from '@mikro-orm/postgresql';
import { type IUser, User } from '../../platform/db/entities/index.js';

/** The login with this address, compared without case (as the unique index does): one query. */
export async function findUserByEmail(em: EntityManager, email: string): Promise<IUser | null> {
  const [row] = await em
    .getConnection()
    .execute<Record<string, unknown>[]>(
      'select * from users where lower(email) = lower(?)',
      [email],
      'all',
      em.getTransactionContext(),
    );
  return row ? em.map(User, row) : null;
}
