import type { EntityManager } from '@mikro-orm/postgresql';

/** The index given to a payment, and whether it was taken over from an expired or cancelled payment. */
export interface AllocatedIndex {
  readonly index: number;
  /** The expired or cancelled payment whose address this payment reuses; undefined for a fresh index. */
  readonly recycledFrom?: string;
}

async function rows<T>(em: EntityManager, query: string, params: unknown[]): Promise<T[]> {
  return em.getConnection().execute<T[]>(query, params, 'all', em.getTransactionContext());
}

/**
 * Allocates a wallet's derivation index for a new payment, gap-limit safe: it first reuses the lowest
 * index of a payment that expired unpaid or was cancelled (status `expired` or `cancelled`, no transfer
 * ever recorded or sighted, late grace over), so the run of unused receive addresses stays short and a
 * wallet restored elsewhere with the usual gap limit of 20 still finds every payment (picking a coin and
 * cancelling, again and again, no longer pushes it past); only when there is none does it take
 * `next_index`. A cancelled payment's address waits for the same late grace as an expired one's
 * (`late_grace_ends_at`, set at the pick), so a customer who pays after cancelling is still seen on the
 * cancelled payment (payment.received_after_close) rather than credited to someone else. Runs in the
 * caller's transaction: the recycled payment's row is locked (`skip locked`, so two concurrent
 * allocations never take the same index) and marked.
 */
export async function allocateDerivationIndex(
  em: EntityManager,
  walletId: string,
  now: Date,
): Promise<AllocatedIndex> {
  const recycled = await rows<{ id: string; derivation_index: number }>(
    em,
    `with candidate as (
       select p.id, p.derivation_index from payments p
        where p.wallet_id = ? and p.status in ('expired', 'cancelled') and not p.derivation_index_recycled
          and p.derivation_index is not null and p.late_grace_ends_at <= ?
          and not exists (select 1 from transfers t where t.payment_id = p.id)
          and not exists (select 1 from chain_sightings s where s.payment_id = p.id)
        order by p.derivation_index
        limit 1
        for update of p skip locked
     )
     update payments set derivation_index_recycled = true
       from candidate where payments.id = candidate.id
     returning candidate.id, candidate.derivation_index`,
    [walletId, now.toISOString()],
  );
  const reuse = recycled[0];
  if (reuse) return { index: Number(reuse.derivation_index), recycledFrom: reuse.id };
  const fresh = await rows<{ index: number }>(
    em,
    'update wallets set next_index = next_index + 1 where id = ? returning next_index - 1 as index',
    [walletId],
  );
  return { index: Number(fresh[0]!.index) };
}
