/** Stable codes of {@link EvmAdapterError}. */
export type EvmAdapterErrorCode =
  /** The chain id is not an EVM chain of the registry. */
  | 'UNSUPPORTED_CHAIN'
  /** The chain does not carry that coin, or it is the native coin where a token was expected. */
  | 'UNKNOWN_TOKEN'
  /** The token has no contract on that chain: not in the registry and not given at run time. */
  | 'TOKEN_CONTRACT_UNKNOWN'
  /** A runtime token contract that is not an address or contradicts the registry. */
  | 'INVALID_TOKEN_CONTRACT'
  /** A payment URI cannot be built from the input (bad address, negative amount). */
  | 'INVALID_PAYMENT_URI_INPUT'
  /** The chain cannot be watched through the backend given (EVM chains need a node's JSON-RPC). */
  | 'UNSUPPORTED_BACKEND';

/**
 * Raised by the EVM adapter when its input cannot be used (a chain that is not EVM, a token without a
 * known contract, an invalid runtime configuration). `code` is stable; `message` says what to fix.
 */
export class EvmAdapterError extends Error {
  constructor(
    readonly code: EvmAdapterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EvmAdapterError';
  }
}
