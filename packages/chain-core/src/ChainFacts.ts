/**
 * What a node says about the network it serves and the registry's tokens on it, read once at start
 * (`ChainAdapter.readChainFacts`): the server compares it with the registry and disables a chain on
 * another network, or a token whose contract is missing or has other decimals.
 */
export interface ChainFacts {
  /** The network the node serves, as the family names it (EVM: the EIP-155 chain id in decimal). */
  readonly network: string;
  /** The network the registry expects for the chain, in the same form. */
  readonly expectedNetwork: string;
  /** How `network` is named in messages (`chain id`, `genesis block`). */
  readonly networkLabel: string;
  /** Every token of the chain whose contract is known (registry or run-time configuration). */
  readonly tokens: readonly TokenFacts[];
}

/** One registry token as its contract answers. */
export interface TokenFacts {
  /** The registry's symbol (`USDT`). */
  readonly symbol: string;
  readonly contract: string;
  /** Whether code is deployed at `contract`. */
  readonly hasCode: boolean;
  /** What `decimals()` answered; absent when the call failed (no code, reverted, not a number). */
  readonly decimals?: number;
  /** What `symbol()` answered; absent when the call failed. */
  readonly onChainSymbol?: string;
}
