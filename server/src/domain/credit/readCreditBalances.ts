import type { Gateway } from '../gateway/Gateway.js';
import { creditBalanceOf } from './topUpCredit.js';

/** A business's Prepaid Credit in both modes. */
export interface CreditBalances {
  readonly business_id: string;
  /** US dollars, a decimal string (0 when nothing was ever credited). */
  readonly test_usd: string;
  readonly live_usd: string;
}

/** The Prepaid Credit balance of a business in test and live mode (`cairn credit:balance`). */
export async function readCreditBalances(
  gateway: Pick<Gateway, 'orm'>,
  businessId: string,
): Promise<CreditBalances> {
  const em = gateway.orm.em.fork();
  const test = await creditBalanceOf(em, businessId, 'test');
  const live = await creditBalanceOf(em, businessId, 'live');
  return { business_id: businessId, test_usd: test, live_usd: live };
}
