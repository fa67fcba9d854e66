import type { Mode } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import { topUpCredit } from './topUpCredit.js';

/** A business's Prepaid Credit in one mode after a top-up. */
export interface CreditTopUpResult {
  readonly business_id: string;
  readonly mode: Mode;
  /** US dollars, a decimal string. */
  readonly balance_usd: string;
}

/**
 * Adds a top-up to a business's Prepaid Credit in one mode (`cairn credit:top-up`), in a unit of work
 * of its own, and returns the new balance.
 *
 * @throws {CreditTopUpError} for an unknown business or an amount that is not a positive USD amount.
 */
export async function recordCreditTopUp(
  gateway: Pick<Gateway, 'orm' | 'clock'>,
  input: { readonly businessId: string; readonly mode: Mode; readonly amountUsd: string },
): Promise<CreditTopUpResult> {
  const balance = await topUpCredit(gateway.orm.em.fork(), gateway.clock, input);
  return { business_id: input.businessId, mode: input.mode, balance_usd: balance };
}
