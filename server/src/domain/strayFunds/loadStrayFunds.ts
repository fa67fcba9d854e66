import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { runSql } from '../accounts/runSql.js';
import type { StrayScope } from './StrayScope.js';
import { STRAY_FUNDS_COLUMNS, type StrayFundsRow } from './strayFundsRow.js';

/**
 * One stray-funds row of the business and mode, locked for the caller's transaction.
 *
 * @throws {ApiError} NOT_FOUND when the id is not one of the business's in this mode.
 */
export async function lockStrayFunds(
  em: EntityManager,
  scope: StrayScope,
  id: string,
): Promise<StrayFundsRow> {
  const [row] = await runSql<StrayFundsRow[]>(
    em,
    `select ${STRAY_FUNDS_COLUMNS} from stray_funds where id = ? and business_id = ? and mode = ? for update`,
    [id, scope.businessId, scope.mode],
  );
  if (!row) throw new ApiError('NOT_FOUND', 'No such stray transfer.');
  return row;
}

/**
 * Marks a row resolved and returns it as it is now.
 */
export async function resolveStrayFunds(
  em: EntityManager,
  id: string,
  change: {
    status: 'refunded' | 'attached';
    note: string | null;
    attachedPaymentId: string | null;
    at: Date;
  },
): Promise<StrayFundsRow> {
  const [row] = await runSql<StrayFundsRow[]>(
    em,
    `update stray_funds set status = ?, note = ?, attached_payment_id = ?, resolved_at = ?
      where id = ? returning ${STRAY_FUNDS_COLUMNS}`,
    [change.status, change.note, change.attachedPaymentId, change.at.toISOString(), id],
  );
  if (!row) throw new Error('resolveStrayFunds: no row');
  return row;
}
