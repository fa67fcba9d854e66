import { randomUUID } from 'node:crypto';
import type { Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Business, CreditLedgerEntry } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';

/** Raised for a top-up that cannot be recorded (unknown business, bad amount). */
export class CreditTopUpError extends Error {
  override readonly name = 'CreditTopUpError';
}

/** Appends a top-up to a business's Prepaid Credit in one mode; returns the new balance (USD). */
export async function topUpCredit(
  em: EntityManager,
  clock: Clock,
  input: { businessId: string; mode: Mode; amountUsd: string },
): Promise<string> {
  if (!/^(0|[1-9]\d{0,11})(\.\d{1,6})?$/.test(input.amountUsd) || !/[1-9]/.test(input.amountUsd)) {
    throw new CreditTopUpError(
      `"${input.amountUsd}" is not a positive US dollar amount such as 25 or 12.50.`,
    );
  }
  if (!(await em.findOne(Business, { id: input.businessId }))) {
    throw new CreditTopUpError(`No business ${input.businessId}.`);
  }
  em.create(CreditLedgerEntry, {
    id: randomUUID(),
    businessId: input.businessId,
    mode: input.mode,
    kind: 'top_up',
    amountUsd: input.amountUsd,
    paymentId: null,
    createdAt: clock.now(),
  });
  await em.flush();
  return creditBalanceOf(em, input.businessId, input.mode);
}

/**
 * The Prepaid Credit balance of a business in one mode, US dollars, as a decimal string: the
 * maintained balance (`credit_balances`, by primary key; a reserve never credited has no row: 0).
 */
export async function creditBalanceOf(em: EntityManager, businessId: string, mode: Mode): Promise<string> {
  const [row] = await em
    .getConnection()
    .execute<{ balance: string }[]>(
      'select balance_usd::text as balance from credit_balances where business_id = ? and mode = ?',
      [businessId, mode],
    );
  return row?.balance ?? '0';
}
