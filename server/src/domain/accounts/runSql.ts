import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs one parameterized statement on the entity manager's connection, inside its transaction when
 * it is in one (without the transaction context a statement would take another pooled connection and
 * see, or lock, nothing of the transaction's).
 */
export function runSql<T extends object[]>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
): Promise<T> {
  return em.getConnection().execute<T>(sql, [...params], 'all', em.getTransactionContext());
}
