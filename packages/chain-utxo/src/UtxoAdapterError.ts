/** Stable codes of {@link UtxoAdapterError}. Wallet-validation codes double as `WalletValidation` codes. */
export type UtxoAdapterErrorCode =
  | 'UNSUPPORTED_CHAIN'
  | 'INVALID_EXTENDED_KEY'
  | 'PRIVATE_KEY_REJECTED'
  | 'WRONG_XPUB_VARIANT'
  | 'NOT_ACCOUNT_LEVEL'
  | 'INVALID_DERIVATION_INDEX'
  | 'UNSUPPORTED_SCRIPT_KIND'
  | 'INVALID_SEED'
  | 'INVALID_PAYMENT_URI_INPUT'
  | 'INVALID_ADDRESS';

/**
 * Raised by the UTXO adapter when its input cannot be used (a stored wallet that no longer validates, an
 * index out of range, a coin the chain does not carry). `code` is stable; `message` says what to fix.
 */
export class UtxoAdapterError extends Error {
  constructor(
    readonly code: UtxoAdapterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UtxoAdapterError';
  }
}
