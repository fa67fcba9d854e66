import type { Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';

/** What creating a payment needs to know about the business, read in one round trip. */
export interface CreationContext {
  readonly underpaymentToleranceBps: number;
  readonly overpaymentThresholdBps: number;
  /** Prepaid Credit balance of the mode, US dollars, decimal string. */
  readonly creditBalance: string;
  /** Chains with a wallet of the mode. */
  readonly walletChains: ReadonlySet<string>;
}

/** Reads the business settings, the mode's credit balance and its wallet chains in one query. */
export async function loadCreationContext(
  em: EntityManager,
  businessId: string,
  mode: Mode,
): Promise<CreationContext> {
  const [row] = await em
    .getConnection()
    .execute<{ utol: number; othr: number; balance: string; chains: string[] | null }[]>(
      `select b.underpayment_tolerance_bps as utol, b.overpayment_threshold_bps as othr,
       (select coalesce(sum(amount_usd), 0)::text from credit_ledger c where c.business_id = b.id and c.mode = ?) as balance,
       (select array_agg(chain_id) from wallets w where w.business_id = b.id and w.mode = ?) as chains
     from businesses b where b.id = ?`,
      [mode, mode, businessId],
    );
  if (!row) throw new Error(`business ${businessId} not found`);
  return {
    underpaymentToleranceBps: Number(row.utol),
    overpaymentThresholdBps: Number(row.othr),
    creditBalance: row.balance,
    walletChains: new Set(row.chains ?? []),
  };
}
