import type { EntityManager } from '@mikro-orm/postgresql';

/** An EVM or TRON chain's settlement backlog. */
export interface SettlementBacklog {
  /** Sweep transactions sent and not yet mined. */
  readonly sweepsPending: number;
  /** Payments whose forwarder holds funds at their required depth that no sweep has moved yet (their own coin, or stray funds of another). */
  readonly sweepsDue: number;
  /** Merchant wallets whose factory is not on-chain yet. */
  readonly walletsPending: number;
}

/** Reads the backlog of one EVM or TRON chain in one query. */
export async function readSettlementBacklog(em: EntityManager, chainId: string): Promise<SettlementBacklog> {
  const [row] = (await em.getConnection().execute(
    `select (select count(*) from evm_sweeps where chain_id = ? and status = 'sent') as pending,
            (select count(distinct due.payment_id) from (
               select t.payment_id from transfers t join payments p on p.id = t.payment_id
                where t.chain_id = ? and t.sweep_id is null and not t.removed
                  and t.confirmations >= greatest(1, p.required_confirmations)
               union
               select s.payment_id from stray_funds s join payments p on p.id = s.payment_id
                where s.chain_id = ? and s.kind = 'other_coin' and s.sweep_id is null and not s.removed
                  and s.confirmations >= greatest(1, p.required_confirmations)) due) as due,
            (select count(*) from wallets where chain_id = ? and onboarding_status <> 'active' and removed_at is null) as wallets`,
    [chainId, chainId, chainId, chainId],
    'all',
  )) as { pending: string; due: string; wallets: string }[];
  return {
    sweepsPending: Number(row?.pending ?? 0),
    sweepsDue: Number(row?.due ?? 0),
    walletsPending: Number(row?.wallets ?? 0),
  };
}
