import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/**
 * Runs `work` in the caller's transaction `tx` when one is given, so that whatever the caller writes
 * in it commits together with the work (an Idempotency-Key's stored response, see withIdempotency),
 * or else in a transaction of its own.
 */
export async function inTransaction<T>(
  orm: MikroORM,
  tx: EntityManager | undefined,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  if (!tx) return orm.em.fork().transactional(work);
  if (!tx.isInTransaction())
    throw new Error('inTransaction: the EntityManager given is not in a transaction');
  return work(tx);
}
