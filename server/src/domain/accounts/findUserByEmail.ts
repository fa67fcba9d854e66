import type { EntityManager } from '@mikro-orm/postgresql';
import { type IUser, User } from '../../platform/db/entities/index.js';

/** The login with this address, compared without case (as the unique index does). */
export async function findUserByEmail(em: EntityManager, email: string): Promise<IUser | null> {
  const [row] = await em
    .getConnection()
    .execute<{ id: string }[]>(
      'select id from users where lower(email) = lower(?)',
      [email],
      'all',
      em.getTransactionContext(),
    );
  return row ? em.findOne(User, { id: row.id }) : null;
}
