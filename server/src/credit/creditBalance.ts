import type { Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The Prepaid Credit balance of a business in one mode, in US dollars, as a decimal string. */
export async function creditBalance(em: EntityManager, businessId: string, mode: Mode): Promise<string> {
  const rows = await em
    .getConnection()
    .execute<{ balance: string }[]>(
      'select coalesce(sum(amount_usd), 0)::text as balance from credit_ledger where business_id = ? and mode = ?',
      [businessId, mode],
      'all',
      em.getTransactionContext(),
    );
  return rows[0]?.balance ?? '0';
}

/** Whether a decimal string is zero or negative. */
export function isExhausted(balance: string): boolean {
  return balance.startsWith('-') || /^0*(\.0*)?$/.test(balance);
}
