import type { EntityManager } from '@mikro-orm/postgresql';

/** What mail-sending account services need of a login, read without the ORM's unit of work. */
export interface LoginRow {
  readonly id: string;
  readonly email: string;
  readonly emailVerifiedAt: Date | null;
}

/**
 * The login with this address, compared without case (as the unique index does): one query, and a
 * plain row (no managed entity, so the flushes that follow cost the same as for an unknown address).
 */
export async function findLoginByEmail(em: EntityManager, email: string): Promise<LoginRow | null> {
  const [row] = await em
    .getConnection()
    .execute<{ id: string; email: string; email_verified_at: Date | string | null }[]>(
      'select id, email, email_verified_at from users where lower(email) = lower(?)',
      [email],
      'all',
      em.getTransactionContext(),
    );
  if (!row) return null;
  const verified = row.email_verified_at;
  return { id: row.id, email: row.email, emailVerifiedAt: verified === null ? null : new Date(verified) };
}
