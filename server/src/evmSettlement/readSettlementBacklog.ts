import type { EntityManager } from '@mikro-orm/postgresql';

/** Sweeps the gas wallet should afford (at ~100k gas each) before it counts as running low. */
export const LOW_GAS_SWEEPS = 20n;
/** Gas of one deploy+flush, rounded up (measured 83k-99k; see packages/evm-contracts). */
export const GAS_PER_SWEEP = 100_000n;

/** An EVM or TRON chain's settlement backlog. */
export interface SettlementBacklog {
  /** Sweep transactions sent and not yet mined. */
  readonly sweepsPending: number;
  /** Payments with funds at their required depth that no sweep has moved yet. */
  readonly sweepsDue: number;
  /** Merchant wallets whose factory is not on-chain yet. */
  readonly walletsPending: number;
}

/** Reads the backlog of one EVM or TRON chain in one query. */
export async function readSettlementBacklog(em: EntityManager, chainId: string): Promise<SettlementBacklog> {
  const [row] = (await em.getConnection().execute(
    `select (select count(*) from evm_sweeps where chain_id = ? and status = 'sent') as pending,
            (select count(distinct t.payment_id) from transfers t join payments p on p.id = t.payment_id
              where t.chain_id = ? and t.sweep_id is null and not t.removed
                and t.confirmations >= greatest(1, p.required_confirmations)) as due,
            (select count(*) from wallets where chain_id = ? and onboarding_status <> 'active' and removed_at is null) as wallets`,
    [chainId, chainId, chainId],
    'all',
  )) as { pending: string; due: string; wallets: string }[];
  return {
    sweepsPending: Number(row?.pending ?? 0),
    sweepsDue: Number(row?.due ?? 0),
    walletsPending: Number(row?.wallets ?? 0),
  };
}
