import type { Hex } from 'viem';

/** The part of a JSON-RPC transaction receipt the observer reads. */
export interface RpcReceipt {
  readonly transactionHash: Hex;
  readonly blockHash: Hex;
  readonly status: Hex;
  readonly to: Hex | null;
  readonly logs: readonly RpcLog[];
}

/** The part of a JSON-RPC log the observer reads. */
export interface RpcLog {
  readonly address: Hex;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly logIndex: Hex;
  readonly transactionHash: Hex;
}
