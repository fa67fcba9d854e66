import type { Mode, PaymentStatus } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '../accounts/runSql.js';

/** How many payments the home page lists. */
export const LATEST_PAYMENTS = 10;

/** One of the latest payments of a mode, with what the home page shows of it. */
export interface LatestPayment {
  readonly id: string;
  readonly status: PaymentStatus;
  readonly fiat_amount: string;
  readonly fiat_currency: string;
  readonly order_id: string | null;
  readonly created_at: Date;
}

/** The {@link LATEST_PAYMENTS} newest payments of one business in one mode (an index range). */
export function listLatestPayments(
  em: EntityManager,
  scope: { readonly businessId: string; readonly mode: Mode },
): Promise<LatestPayment[]> {
  return runSql<LatestPayment[]>(
    em,
    `select id, status, fiat_amount::text as fiat_amount, fiat_currency, order_id, created_at
       from payments where business_id = ? and mode = ?
      order by created_at desc, id desc limit ${LATEST_PAYMENTS}`,
    [scope.businessId, scope.mode],
  );
}
