import { ChainBackendError } from '@cairn/chain-core';
import {
  type Address,
  createSolanaRpc,
  isSolanaError,
  type Signature,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_BLOCK_NOT_AVAILABLE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_LONG_TERM_STORAGE_SLOT_SKIPPED,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SLOT_SKIPPED,
} from '@solana/kit';
import type { RpcTransactionJson } from './readSolanaTransfer.js';

/** A finalized block's place: what `getBlock` with `transactionDetails: 'none'` answers, plus its slot. */
export interface SolanaBlockInfo {
  readonly slot: bigint;
  /** Block height: counts blocks, not slots, so it has no gaps where slots were skipped. */
  readonly height: number;
  readonly hash: string;
  readonly parentHash: string;
  readonly parentSlot: bigint;
}

/** One entry of `getSignaturesForAddress` (https://solana.com/docs/rpc/http/getsignaturesforaddress). */
export interface SolanaSignatureInfo {
  readonly signature: string;
  readonly slot: bigint;
  readonly err: unknown;
  readonly blockTime: bigint | null;
}

/** Which RPC methods a reader called, for cost accounting in tests and metrics. */
export type SolanaRpcMethod =
  | 'getSlot'
  | 'getGenesisHash'
  | 'getBlock'
  | 'getBlocks'
  | 'getBlocksWithLimit'
  | 'getSignaturesForAddress'
  | 'getTransaction';

/**
 * The Solana JSON-RPC calls the observer makes, all at commitment `finalized`, through
 * @solana/kit's `createSolanaRpc` (which parses u64 values into bigints, so lamport balances above
 * 2^53 stay exact; it also leaves `commitment: 'finalized'` out of the request, that being the RPC's
 * default). One HTTP request per call, a per-call timeout, and every failure raised as
 * `ChainBackendError`, except `getBlock` on a skipped or not yet available slot, which answers null.
 */
export class SolanaRpcReader {
  readonly #rpc: ReturnType<typeof createSolanaRpc>;
  readonly #chainId: string;
  readonly #timeoutMs: number;

  constructor(
    chainId: string,
    url: string,
    timeoutMs = 30_000,
    /** Extra HTTP headers of every request (a hosted node's API key). */
    headers?: Readonly<Record<string, string>>,
  ) {
    this.#chainId = chainId;
    this.#timeoutMs = timeoutMs;
    // @solana/kit types out the headers it refuses (Accept, Content-Type, Proxy-*…): the configuration
    // refuses them before this point, and the transport checks again at run time.
    type Config = Parameters<typeof createSolanaRpc>[1];
    this.#rpc = createSolanaRpc(url, headers ? ({ headers: { ...headers } } as Config) : undefined);
  }

  async #send<T>(
    method: SolanaRpcMethod,
    request: { send(o: { abortSignal: AbortSignal }): Promise<T> },
  ): Promise<T> {
    try {
      return await request.send({ abortSignal: AbortSignal.timeout(this.#timeoutMs) });
    } catch (error) {
      if (error instanceof ChainBackendError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new ChainBackendError(this.#chainId, `Solana RPC ${method} failed: ${reason}`, { cause: error });
    }
  }

  /** The cluster's genesis hash (`getGenesisHash`): another cluster, or a reset one, answers another. */
  genesisHash(): Promise<string> {
    return this.#send('getGenesisHash', this.#rpc.getGenesisHash());
  }

  /** The highest finalized slot (`getSlot`). */
  finalizedSlot(): Promise<bigint> {
    return this.#send('getSlot', this.#rpc.getSlot({ commitment: 'finalized' }));
  }

  /** The finalized block at `slot`, or null when the slot was skipped or is not finalized yet. */
  async block(slot: bigint): Promise<SolanaBlockInfo | null> {
    let block: Awaited<ReturnType<typeof this.blockRequest>>;
    try {
      block = await this.blockRequest(slot);
    } catch (error) {
      const cause = error instanceof ChainBackendError ? error.cause : error;
      if (
        isSolanaError(cause, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SLOT_SKIPPED) ||
        isSolanaError(cause, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_LONG_TERM_STORAGE_SLOT_SKIPPED) ||
        isSolanaError(cause, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_BLOCK_NOT_AVAILABLE)
      ) {
        return null;
      }
      throw error;
    }
    if (block === null) return null;
    if (block.blockHeight === null) {
      throw new ChainBackendError(this.#chainId, `Solana RPC getBlock(${slot}) gave no block height`);
    }
    return {
      slot,
      height: Number(block.blockHeight),
      hash: block.blockhash,
      parentHash: block.previousBlockhash,
      parentSlot: block.parentSlot,
    };
  }

  private blockRequest(slot: bigint) {
    return this.#send(
      'getBlock',
      this.#rpc.getBlock(slot, {
        commitment: 'finalized',
        transactionDetails: 'none',
        rewards: false,
        maxSupportedTransactionVersion: 0,
      }),
    );
  }

  /** Up to `limit` finalized block slots from `start` on (`getBlocksWithLimit`, limit at most 500,000). */
  async blocksWithLimit(start: bigint, limit: number): Promise<bigint[]> {
    return [
      ...(await this.#send(
        'getBlocksWithLimit',
        this.#rpc.getBlocksWithLimit(start, limit, { commitment: 'finalized' }),
      )),
    ];
  }

  /** The finalized block slots in [start, end] (`getBlocks`; the range is at most 500,000 slots). */
  async blocks(start: bigint, end: bigint): Promise<bigint[]> {
    return [...(await this.#send('getBlocks', this.#rpc.getBlocks(start, end, { commitment: 'finalized' })))];
  }

  /** Finalized signatures of transactions that list `address`, newest first (`getSignaturesForAddress`). */
  async signatures(
    address: string,
    page: { readonly before?: string; readonly until?: string; readonly limit: number },
  ): Promise<SolanaSignatureInfo[]> {
    const answer = await this.#send(
      'getSignaturesForAddress',
      this.#rpc.getSignaturesForAddress(address as Address, {
        commitment: 'finalized',
        limit: page.limit,
        ...(page.before === undefined ? {} : { before: page.before as Signature }),
        ...(page.until === undefined ? {} : { until: page.until as Signature }),
      }),
    );
    return answer.map((s) => ({ signature: s.signature, slot: s.slot, err: s.err, blockTime: s.blockTime }));
  }

  /** A finalized transaction, `json` encoding, versioned transactions included; null when unknown. */
  async transaction(signature: string): Promise<RpcTransactionJson | null> {
    const tx = await this.#send(
      'getTransaction',
      this.#rpc.getTransaction(signature as Signature, {
        commitment: 'finalized',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      }),
    );
    // Checked structurally: kit's typing of this answer must fit what readSolanaTransfer reads.
    const typed: RpcTransactionJson | null = tx;
    return typed;
  }
}
