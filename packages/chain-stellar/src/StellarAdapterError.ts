/**
 * Stable codes of {@link StellarAdapterError}. Address and wallet codes double as `AddressValidation`
 * and `WalletValidation` codes.
 */
export type StellarAdapterErrorCode =
  | 'UNSUPPORTED_CHAIN'
  | 'INVALID_ADDRESS'
  | 'CHECKSUM_MISMATCH'
  | 'SECRET_SEED_GIVEN'
  | 'MUXED_ADDRESS_GIVEN'
  | 'CONTRACT_ADDRESS_GIVEN'
  | 'INVALID_WALLET'
  | 'INVALID_PAYMENT_INDEX'
  | 'INVALID_MUXED_ID'
  | 'INVALID_AMOUNT'
  | 'UNSUPPORTED_COIN'
  | 'INVALID_PAYMENT_URI_INPUT';

/**
 * Raised by the Stellar adapter when its input cannot be used (a stored wallet that no longer
 * validates, a payment index out of range, an amount that is not one, a coin the chain does not carry).
 * `code` is stable; `message` says what to fix.
 */
export class StellarAdapterError extends Error {
  constructor(
    readonly code: StellarAdapterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StellarAdapterError';
  }
}
