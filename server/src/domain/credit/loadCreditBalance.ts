import type { Mode } from '@cairn/contract';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type PreparedStatement, queryPrepared } from '../../platform/db/queryPrepared.js';

/**
 * The maintained balance (`credit_balances`, kept by a trigger on the ledger; see
 * Migration20261125020000_creditBalances): one primary-key lookup, whatever the ledger's length.
 * A reserve nothing was ever appended to has no row: its balance is 0.
 */
const CREDIT_BALANCE: PreparedStatement = {
  name: 'cairn_credit_balance',
  text: `select coalesce((select balance_usd from credit_balances where business_id = $1 and mode = $2), 0)::text
    as balance`,
};

/** The Prepaid Credit balance of a business in one mode: US dollars, a decimal string. */
export async function loadCreditBalance(
  orm: MikroORM,
  businessId: string,
  mode: Mode,
  /** Read on this transaction's connection rather than a second one from the pool. */
  tx?: EntityManager,
): Promise<string> {
  const [row] = await queryPrepared<{ balance: string }>(orm, CREDIT_BALANCE, [businessId, mode], tx);
  return row!.balance;
}
