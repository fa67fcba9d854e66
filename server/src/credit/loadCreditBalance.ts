import type { Mode } from '@cairn/contract';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type PreparedStatement, queryPrepared } from '../db/queryPrepared.js';

const CREDIT_BALANCE: PreparedStatement = {
  name: 'cairn_credit_balance',
  text: `select coalesce(sum(amount_usd), 0)::text as balance from credit_ledger
    where business_id = $1 and mode = $2`,
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
