/**
 * Stable codes of {@link XrpAdapterError}. Address and wallet codes double as `AddressValidation`
 * and `WalletValidation` codes.
 */
export type XrpAdapterErrorCode =
  | 'UNSUPPORTED_CHAIN'
  | 'UNSUPPORTED_BACKEND'
  | 'INVALID_ADDRESS'
  | 'CHECKSUM_MISMATCH'
  | 'WRONG_NETWORK'
  | 'X_ADDRESS_HAS_TAG'
  | 'TAG_NOT_ALLOWED'
  | 'BLACK_HOLE_ADDRESS'
  | 'SECRET_GIVEN'
  | 'INVALID_DESTINATION_TAG'
  | 'INVALID_AMOUNT'
  | 'INVALID_PAYMENT_URI_INPUT';

/**
 * Raised by the XRP Ledger adapter when its input cannot be used (an address that does not decode, a
 * stored wallet that no longer validates, a payment index whose tag would leave the uint32 range, an
 * amount that is not one). `code` is stable; `message` says what to fix.
 */
export class XrpAdapterError extends Error {
  constructor(
    readonly code: XrpAdapterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'XrpAdapterError';
  }
}
