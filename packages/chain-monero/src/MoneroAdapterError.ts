/**
 * Stable codes of {@link MoneroAdapterError}. Address and wallet codes double as `AddressValidation`
 * and `WalletValidation` codes.
 */
export type MoneroAdapterErrorCode =
  | 'UNSUPPORTED_CHAIN'
  | 'UNSUPPORTED_BACKEND'
  | 'INVALID_ADDRESS'
  | 'CHECKSUM_MISMATCH'
  | 'WRONG_NETWORK'
  | 'NOT_PRIMARY_ADDRESS'
  | 'MISSING_VIEW_KEY'
  | 'MISSING_ADDRESS'
  | 'INVALID_VIEW_KEY'
  | 'VIEW_KEY_MISMATCH'
  | 'SPEND_KEY_GIVEN'
  | 'SEED_GIVEN'
  | 'INVALID_WALLET'
  | 'INVALID_SUBADDRESS_INDEX'
  | 'INVALID_AMOUNT'
  | 'INVALID_BASE58'
  | 'INVALID_PAYMENT_URI_INPUT';

/**
 * Raised by the Monero adapter when its input cannot be used (an address that does not decode, a
 * stored wallet that no longer validates, an index out of range, an amount that is not one).
 * `code` is stable; `message` says what to fix.
 */
export class MoneroAdapterError extends Error {
  constructor(
    readonly code: MoneroAdapterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MoneroAdapterError';
  }
}
