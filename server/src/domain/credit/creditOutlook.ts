import type { Mode } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import { isExhausted } from './isExhausted.js';
import { loadCreditBalance } from './loadCreditBalance.js';

/** Below this many US dollars a reserve is low whatever its recent use. */
export const LOW_CREDIT_FLOOR_USD = '5';
/** A reserve is low when it covers less than this many days of recent fees. */
export const LOW_CREDIT_DAYS = 7;

/** How a Prepaid Credit reserve stands, and whether the merchant should top it up. */
export interface CreditOutlook {
  readonly mode: Mode;
  /** US dollars, a decimal string. */
  readonly balanceUsd: string;
  /** Fees charged in the last LOW_CREDIT_DAYS days, net of reversals (US dollars, decimal string). */
  readonly recentFeesUsd: string;
  /**
   * exhausted: new payments are refused (402 INSUFFICIENT_CREDIT); low: under LOW_CREDIT_FLOOR_USD or
   * under the last LOW_CREDIT_DAYS days of fees; ok otherwise.
   */
  readonly state: 'ok' | 'low' | 'exhausted';
}

/**
 * A reserve's balance (the maintained one, O(1)) and its recent fees (a sum over the fee entries of
 * the last week only, through the ledger's (business, mode, created_at) index), with the verdict the
 * dashboard warns on. The comparison is done by PostgreSQL on numerics: money never becomes a JS number.
 */
export async function loadCreditOutlook(
  orm: MikroORM,
  businessId: string,
  mode: Mode,
  now: Date,
): Promise<CreditOutlook> {
  const balanceUsd = await loadCreditBalance(orm, businessId, mode);
  const since = new Date(now.getTime() - LOW_CREDIT_DAYS * 86_400_000);
  const [row] = await orm.em
    .fork()
    .getConnection()
    .execute<{ fees: string; low: boolean }[]>(
      `select coalesce(-sum(amount_usd), 0)::text as fees,
              ?::numeric < greatest(?::numeric, coalesce(-sum(amount_usd), 0)) as low
         from credit_ledger
        where business_id = ? and mode = ? and kind in ('fee', 'fee_reversal') and created_at >= ?`,
      [balanceUsd, LOW_CREDIT_FLOOR_USD, businessId, mode, since],
    );
  const state = isExhausted(balanceUsd) ? 'exhausted' : row?.low ? 'low' : 'ok';
  return { mode, balanceUsd, recentFeesUsd: row?.fees ?? '0', state };
}
