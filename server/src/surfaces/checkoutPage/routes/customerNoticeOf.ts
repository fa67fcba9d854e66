import type { ApiError } from '../../../platform/runtime/ApiError.js';
import type { Messages } from '../render/messages.js';

/** Refusals whose reason a customer reads as "not possible on this payment any more". */
const NOT_POSSIBLE_NOW = new Set([
  'INVALID_PAYMENT_STATE',
  'CHAIN_ALREADY_SELECTED',
  'COIN_NOT_OFFERED',
  'COIN_NOT_IN_ACCEPTED_SET',
]);

/**
 * Why a customer's action was refused, in the page's language. The API's messages are English and
 * precise (which prefix an address must start with, which chain is unavailable), so an English page
 * shows them as they are; another language gets its own sentence for the refusals a customer meets,
 * and the API's message for the rest.
 */
export function customerNoticeOf(error: ApiError, m: Messages, network?: string): string {
  if (m.lang === 'en') return error.message;
  if (error.code === 'VALIDATION_ERROR' && network) return m.noticeRefundAddressInvalid(network);
  if (error.code === 'CHAIN_UNAVAILABLE') return m.noticeOptionUnavailable;
  if (NOT_POSSIBLE_NOW.has(error.code)) return m.noticeNotPossibleNow;
  return error.message;
}
