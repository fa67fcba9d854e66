import type { Mode } from '@cairn/contract';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type PreparedStatement, queryPrepared } from '../../platform/db/queryPrepared.js';
import type { KeyBusiness } from '../apiKeys/AuthContext.js';

const CREATION_CONTEXT: PreparedStatement = {
  name: 'cairn_creation_context',
  text: `select b.underpayment_tolerance_bps as utol, b.overpayment_threshold_bps as othr,
    array(select w.chain_id from wallets w where w.business_id = b.id and w.mode = $2 and w.removed_at is null and coalesce(w.onboarding_status, 'active') = 'active' and w.usable_from <= $3::timestamptz order by w.chain_id) as chains
  from businesses b where b.id = $1`,
};

/**
 * Reads the business settings and its wallet chains of `mode` in one query: for callers whose
 * `AuthContext` did not come from `authenticate` (which reads them with the key).
 */
export async function loadCreationContext(
  orm: MikroORM,
  businessId: string,
  mode: Mode,
  /** The gateway clock's now: only wallets usable then count (confirmed, the operator's delay over). */
  now: Date,
  /** Read on this transaction's connection rather than a second one from the pool. */
  tx?: EntityManager,
): Promise<KeyBusiness> {
  const [row] = await queryPrepared<{ utol: number; othr: number; chains: string[] }>(
    orm,
    CREATION_CONTEXT,
    [businessId, mode, now.toISOString()],
    tx,
  );
  if (!row) throw new Error(`business ${businessId} not found`);
  return {
    underpaymentToleranceBps: row.utol,
    overpaymentThresholdBps: row.othr,
    walletChains: new Set(row.chains),
    walletChainIds: row.chains,
  };
}
