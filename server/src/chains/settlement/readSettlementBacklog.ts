import type { EntityManager } from '@mikro-orm/postgresql';

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
