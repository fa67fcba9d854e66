import type { Mode } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type PreparedStatement, queryPrepared } from '../db/queryPrepared.js';

/** What creating a payment needs to know about the business, read in one round trip. */
export interface CreationContext {
  readonly underpaymentToleranceBps: number;
  readonly overpaymentThresholdBps: number;
  /** Prepaid Credit balance of the mode, US dollars, decimal string. */
  readonly creditBalance: string;
  /** Chains with a wallet of the mode. */
  readonly walletChains: ReadonlySet<string>;
}

const CREATION_CONTEXT: PreparedStatement = {
  name: 'cairn_creation_context',
  text: `select b.underpayment_tolerance_bps as utol, b.overpayment_threshold_bps as othr,
    (select coalesce(sum(amount_usd), 0)::text from credit_ledger c where c.business_id = b.id and c.mode = $2) as balance,
    (select array_agg(chain_id) from wallets w where w.business_id = b.id and w.mode = $2) as chains
  from businesses b where b.id = $1`,
};

/** Reads the business settings, the mode's credit balance and its wallet chains in one query. */
export async function loadCreationContext(
  orm: MikroORM,
  businessId: string,
  mode: Mode,
): Promise<CreationContext> {
  const [row] = await queryPrepared<{ utol: number; othr: number; balance: string; chains: string[] | null }>(
    orm,
    CREATION_CONTEXT,
    [businessId, mode],
  );
  if (!row) throw new Error(`business ${businessId} not found`);
  return {
    underpaymentToleranceBps: Number(row.utol),
    overpaymentThresholdBps: Number(row.othr),
    creditBalance: row.balance,
    walletChains: new Set(row.chains ?? []),
  };
}
