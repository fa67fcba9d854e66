/** Stable codes of {@link TronAdapterError}. */
export type TronAdapterErrorCode =
  /** The chain id is not a TRON chain of the registry. */
  | 'UNSUPPORTED_CHAIN'
  /** The chain does not carry that coin. */
  | 'UNKNOWN_TOKEN'
  /** A stored wallet or a target address that is not a TRON address. */
  | 'INVALID_ADDRESS'
  /** A payment URI cannot be built from the input (bad address, negative amount). */
  | 'INVALID_PAYMENT_URI_INPUT'
  /** No factory deployer is configured for the chain, so no deposit address can be derived on it. */
  | 'DEPLOYER_NOT_CONFIGURED'
  /** The chain cannot be watched through the backend given (TRON needs a full node's HTTP API). */
  | 'UNSUPPORTED_BACKEND';

/**
 * Raised by the TRON adapter when its input cannot be used (a chain that is not TRON, an address that
 * is not a TRON address, a chain without a configured factory deployer). `code` is stable; `message`
 * says what to fix.
 */
export class TronAdapterError extends Error {
  constructor(
    readonly code: TronAdapterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TronAdapterError';
  }
}
