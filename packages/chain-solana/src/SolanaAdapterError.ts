/**
 * Stable codes of {@link SolanaAdapterError}. Address and wallet codes double as `AddressValidation`
 * and `WalletValidation` codes.
 */
export type SolanaAdapterErrorCode =
  | 'UNSUPPORTED_CHAIN'
  | 'UNSUPPORTED_BACKEND'
  | 'UNSUPPORTED_COIN'
  | 'INVALID_ADDRESS'
  | 'OFF_CURVE_ADDRESS'
  | 'SECRET_KEY_GIVEN'
  | 'SEED_GIVEN'
  | 'INVALID_PAYMENT_ID'
  | 'INVALID_AMOUNT'
  | 'INVALID_PAYMENT_URI_INPUT';

/**
 * Raised by the Solana adapter when its input cannot be used (a stored wallet that no longer
 * validates, a coin the chain does not carry, an amount that is not one). `code` is stable;
 * `message` says what to fix.
 */
export class SolanaAdapterError extends Error {
  constructor(
    readonly code: SolanaAdapterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SolanaAdapterError';
  }
}
