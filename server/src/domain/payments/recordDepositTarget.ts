import type { EntityManager } from '@mikro-orm/postgresql';

/** One payment's deposit target as the chain watcher matches it. */
export interface DepositTargetRow {
  readonly chainId: string;
  /** `DepositTarget.matchKey` (a scriptPubKey on UTXO chains), else the address. */
  readonly matchKey: string;
  readonly address: string;
  readonly paymentId: string;
  readonly createdAt: Date;
}

/**
 * Appends a deposit target in the caller's transaction (select-chain). The table is append-only and
 * ordered by `seq`: the watcher's index loads only rows after the last one it has, and a later row for
 * the same match key (a recycled address) takes the key over from the earlier payment.
 */
export async function recordDepositTarget(em: EntityManager, row: DepositTargetRow): Promise<void> {
  await em
    .getConnection()
    .execute(
      'insert into deposit_targets (chain_id, match_key, address, payment_id, created_at) values (?, ?, ?, ?, ?)',
      [row.chainId, row.matchKey, row.address, row.paymentId, row.createdAt.toISOString()],
      'run',
      em.getTransactionContext(),
    );
}
