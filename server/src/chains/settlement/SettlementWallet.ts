import type { Hex } from 'viem';

/** Sweeps a gas wallet should afford before it counts as running low (`SettlementWallet.lowBalance`). */
export const LOW_BALANCE_SWEEPS = 20n;

/** One forwarder a sweep deploys (if it has no code yet) and flushes to its treasury. */
export interface SettlementSweepItem {
  /** The forwarder's CREATE2 salt. */
  readonly salt: Hex;
  /** The token contract to flush (the chain's own address form); null for the native coin. */
  readonly token: string | null;
}

/** A signed transaction, stored before it is broadcast so a crash never signs a second one. */
export interface SettlementTransaction {
  readonly hash: string;
  /** What `broadcast` takes to send it (again). */
  readonly raw: string;
  /** EVM: its nonce; TRON: null (a TRON transaction expires instead). */
  readonly nonce: number | null;
}

/** What a mined settlement transaction did and cost. */
export interface SettlementReceipt {
  readonly status: 'success' | 'reverted';
  /** EVM: gas used; TRON: energy used. */
  readonly gasUsed: bigint;
  /** What it cost the gas wallet, in the chain's smallest unit (wei, sun). */
  readonly fee: bigint;
  /** The costs as the chain counts them, for the log (`gas`, `gas_price_wei`; `energy`, `bandwidth`, `fee_sun`). */
  readonly costs: Readonly<Record<string, string>>;
}

/**
 * The operator's gas wallet on one forwarder chain (EVM, or TRON's TVM), as the settler uses it: it
 * signs the one-time factory deployment of a treasury and the sweeps of paid forwarders, broadcasts
 * them and reads their receipts. It can move nothing but its own gas money.
 */
export interface SettlementWallet {
  /** Its address, in the chain's own form (`0x…`, `T…`). */
  readonly address: string;
  /**
   * How long a transaction without a receipt is waited for before it is given up (a sweep refused
   * when sent again) or signed anew (an onboarding step). TRON: a minute after it expired, when it
   * can no longer land. EVM: a minute; a new transaction takes the pending nonce, so should the first
   * still be pending they compete for it.
   */
  readonly resignAfterMs: number;
  /** Forwarders per sweep transaction, well within what one transaction may spend. */
  readonly maxBatch: number;
  /** Its balance in the chain's smallest unit. */
  balance(): Promise<bigint>;
  /** The balance under which it counts as running low: about 20 sweeps at today's prices. */
  lowBalance(): Promise<bigint>;
  /** Signs the deployment of `treasury`'s forwarder factory. */
  signFactoryDeployment(treasury: string): Promise<SettlementTransaction>;
  /** Signs one sweep through `factory`. Throws, sending nothing, when it would fail. */
  signSweep(factory: string, items: readonly SettlementSweepItem[]): Promise<SettlementTransaction>;
  /**
   * Broadcasts a signed transaction (again); a node that already has it is not an error. Throws
   * `BroadcastRejectedError` when the node refuses it (it will not be mined as it is).
   */
  broadcast(raw: string): Promise<void>;
  /** The receipt once mined; null before. */
  receipt(hash: string): Promise<SettlementReceipt | null>;
}
