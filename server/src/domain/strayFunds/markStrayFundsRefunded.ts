import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import { lockStrayFunds, resolveStrayFunds } from './loadStrayFunds.js';
import type { StrayScope } from './StrayScope.js';
import type { StrayFundsRow } from './strayFundsRow.js';
import { writeStrayFundsEvent } from './writeStrayFundsEvent.js';

/** The longest note a merchant may keep with a resolved stray transfer. */
export const STRAY_NOTE_MAX = 500;

/**
 * The merchant sent stray money back (outside Cairn) and says so, with a note (where it went, the
 * refund's transaction): the row is resolved as `refunded` and `stray_funds.resolved` is written.
 *
 * @throws {ApiError} NOT_FOUND for another business's or mode's row; VALIDATION_ERROR without a note;
 *   INVALID_PAYMENT_STATE when it was resolved already.
 */
export async function markStrayFundsRefunded(
  gateway: Gateway,
  scope: StrayScope,
  id: string,
  note: string,
): Promise<StrayFundsRow> {
  const text = note.trim();
  if (text === '' || text.length > STRAY_NOTE_MAX) {
    throw new ApiError('VALIDATION_ERROR', 'Say how the money was refunded.', {
      fields: [{ field: 'note', message: `Enter a note of 1 to ${STRAY_NOTE_MAX} characters.` }],
    });
  }
  return gateway.orm.em.fork().transactional(async (em) => {
    const row = await lockStrayFunds(em, scope, id);
    if (row.status !== 'open') {
      throw new ApiError('INVALID_PAYMENT_STATE', `This stray transfer was ${row.status} already.`);
    }
    const resolved = await resolveStrayFunds(em, id, {
      status: 'refunded',
      note: text,
      attachedPaymentId: null,
      at: gateway.clock.now(),
    });
    await writeStrayFundsEvent(gateway, em, resolved, 'stray_funds.resolved');
    return resolved;
  });
}
