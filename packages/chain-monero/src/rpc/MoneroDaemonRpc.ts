import {
  type MoneroRpcCallOptions,
  MoneroRpcClient,
  type MoneroRpcClientOptions,
  MoneroRpcError,
} from './MoneroRpcClient.js';
import { rpcBigInt } from './rpcBigInt.js';

/** What `get_info` says about the daemon and its chain. */
export interface MoneroDaemonInfo {
  /**
   * The chain's length in blocks (`get_info.height`), i.e. the height the *next* block will have; the
   * top block's height is `height - 1` (see `topBlockHash`).
   */
  readonly height: number;
  readonly topBlockHash: string;
  /** `mainnet`, `testnet`, `stagenet` or `fakechain` (what `--regtest` reports). */
  readonly nettype: string;
  /** `OK` when healthy (other statuses are raised as {@link MoneroRpcError}). */
  readonly status: string;
  readonly synchronized: boolean;
  readonly offline: boolean;
  /** The height the daemon believes the network has reached (0 when it has no peers). */
  readonly targetHeight: number;
  readonly txPoolSize: number;
  /** e.g. `0.18.0.0-unknown`. */
  readonly version: string;
}

/** A block header (`get_block_header_by_height` and friends). */
export interface MoneroBlockHeader {
  readonly hash: string;
  readonly prevHash: string;
  readonly height: number;
  /** Unix seconds, as the miner wrote them. */
  readonly timestamp: number;
  /** Blocks on top of this one (0 for the tip). */
  readonly depth: number;
  /** Whether the block is not on the main chain. */
  readonly orphan: boolean;
  /** Transactions besides the coinbase. */
  readonly numTxes: number;
  readonly minerTxHash: string;
  /** The coinbase reward in piconero. */
  readonly reward: bigint;
}

/** A transaction in the daemon's pool (`/get_transaction_pool`). */
export interface MoneroPoolTransaction {
  readonly txHash: string;
  readonly fee: bigint;
  readonly blobSize: number;
  /** Unix seconds the daemon received it. */
  readonly receiveTime: number;
  readonly doubleSpendSeen: boolean;
  /** Whether it came back to the pool from a popped or reorged-out block. */
  readonly keptByBlock: boolean;
  readonly relayed: boolean;
}

/** One transaction as `/get_transactions` knows it. */
export interface MoneroDaemonTransaction {
  readonly txHash: string;
  readonly inPool: boolean;
  /** The block's height; undefined while in the pool. */
  readonly blockHeight: number | undefined;
  /** Unix seconds of the block; undefined while in the pool. */
  readonly blockTimestamp: number | undefined;
  /** Confirmations (1 in the top block); 0 while in the pool. */
  readonly confirmations: number;
  readonly doubleSpendSeen: boolean;
  /** Hex of the whole transaction (only when asked for with `withHex`). */
  readonly asHex: string | undefined;
}

/** The answer of `/get_transactions`: what the daemon knows (chain or pool) and what it does not. */
export interface MoneroTransactionsLookup {
  readonly found: readonly MoneroDaemonTransaction[];
  /** Hashes neither in the chain nor in the pool (e.g. flushed, or never seen). */
  readonly missed: readonly string[];
}

interface RawHeader {
  hash: string;
  prev_hash: string;
  height: number;
  timestamp: number;
  depth: number;
  orphan_status: boolean;
  num_txes: number;
  miner_tx_hash: string;
  reward: unknown;
}

const headerOf = (raw: RawHeader): MoneroBlockHeader => ({
  hash: raw.hash,
  prevHash: raw.prev_hash,
  height: raw.height,
  timestamp: raw.timestamp,
  depth: raw.depth,
  orphan: raw.orphan_status,
  numTxes: raw.num_txes,
  minerTxHash: raw.miner_tx_hash,
  reward: rpcBigInt(raw.reward, 'reward'),
});

/** Daemon JSON-RPC results carry a `status`; anything but `OK` (e.g. `BUSY`) is an error. */
function checked<T extends { status?: unknown }>(method: string, result: T): T {
  if (typeof result.status === 'string' && result.status !== 'OK') {
    throw new MoneroRpcError(method, 0, result.status);
  }
  return result;
}

/**
 * The typed monerod RPC a chain watcher and the test harness need (verified against monerod
 * 0.18.0.0). Heights are block heights (genesis is 0); amounts are bigint piconero.
 *
 * @example
 * const daemon = new MoneroDaemonRpc('http://127.0.0.1:18081');
 * const tip = await daemon.getLastBlockHeader();
 * const headers = await daemon.getBlockHeadersRange(tip.height - 9, tip.height);
 */
export class MoneroDaemonRpc {
  readonly client: MoneroRpcClient;

  constructor(urlOrClient: string | MoneroRpcClient, options: MoneroRpcClientOptions = {}) {
    this.client = typeof urlOrClient === 'string' ? new MoneroRpcClient(urlOrClient, options) : urlOrClient;
  }

  /** Calls a JSON-RPC method and raises a `status` other than `OK`. */
  async #call<T extends object>(method: string, params?: object, options?: MoneroRpcCallOptions): Promise<T> {
    return checked(method, await this.client.call<T & { status?: unknown }>(method, params, options));
  }

  async getInfo(): Promise<MoneroDaemonInfo> {
    const raw = await this.#call<{
      height: number;
      top_block_hash: string;
      nettype: string;
      status: string;
      synchronized: boolean;
      offline: boolean;
      target_height: number;
      tx_pool_size: number;
      version: string;
    }>('get_info');
    return {
      height: raw.height,
      topBlockHash: raw.top_block_hash,
      nettype: raw.nettype,
      status: raw.status,
      synchronized: raw.synchronized,
      offline: raw.offline,
      targetHeight: raw.target_height,
      txPoolSize: raw.tx_pool_size,
      version: raw.version,
    };
  }

  /** The top block's header. */
  async getLastBlockHeader(): Promise<MoneroBlockHeader> {
    const raw = await this.#call<{ block_header: RawHeader }>('get_last_block_header');
    return headerOf(raw.block_header);
  }

  /** The header of the main-chain block at `height`; a height above the tip is RPC error -2. */
  async getBlockHeaderByHeight(height: number): Promise<MoneroBlockHeader> {
    const raw = await this.#call<{ block_header: RawHeader }>('get_block_header_by_height', { height });
    return headerOf(raw.block_header);
  }

  /** The header of the block with `hash` (main chain or an alternative one, see `orphan`). */
  async getBlockHeaderByHash(hash: string): Promise<MoneroBlockHeader> {
    const raw = await this.#call<{ block_header: RawHeader }>('get_block_header_by_hash', { hash });
    return headerOf(raw.block_header);
  }

  /** The main-chain headers from `start` to `end`, both included, in height order. */
  async getBlockHeadersRange(start: number, end: number): Promise<MoneroBlockHeader[]> {
    const raw = await this.#call<{ headers?: RawHeader[] }>('get_block_headers_range', {
      start_height: start,
      end_height: end,
    });
    return (raw.headers ?? []).map(headerOf);
  }

  /**
   * Mines `count` blocks paying `walletAddress` (regtest / `--fixed-difficulty` only); resolves with
   * their hashes and the height of the last one.
   */
  async generateBlocks(
    count: number,
    walletAddress: string,
    options: MoneroRpcCallOptions = {},
  ): Promise<{ blocks: string[]; height: number }> {
    const raw = await this.#call<{ blocks?: string[]; height: number }>(
      'generateblocks',
      { amount_of_blocks: count, wallet_address: walletAddress },
      { timeoutMs: options.timeoutMs ?? 120_000 },
    );
    return { blocks: raw.blocks ?? [], height: raw.height };
  }

  /**
   * Removes the top `count` blocks (`/pop_blocks`); their transactions go back to the pool (flush it
   * to make them vanish). Resolves with the new chain length (`get_info.height`).
   */
  async popBlocks(count: number): Promise<number> {
    const raw = await this.client.post<{ height: number }>('/pop_blocks', { nblocks: count });
    return raw.height;
  }

  /** Drops every transaction from the pool, or only `txids`. */
  async flushTxpool(txids?: readonly string[]): Promise<void> {
    await this.#call('flush_txpool', txids ? { txids } : {});
  }

  /** The hashes of the transactions in the pool (`/get_transaction_pool_hashes`, the JSON one). */
  async getTransactionPoolHashes(): Promise<string[]> {
    const raw = await this.client.post<{ tx_hashes?: string[] }>('/get_transaction_pool_hashes');
    return raw.tx_hashes ?? [];
  }

  /** The transactions in the pool with their fee and receive time (`/get_transaction_pool`). */
  async getTransactionPool(): Promise<MoneroPoolTransaction[]> {
    const raw = await this.client.post<{
      transactions?: {
        id_hash: string;
        fee: unknown;
        blob_size: number;
        receive_time: number;
        double_spend_seen: boolean;
        kept_by_block: boolean;
        relayed: boolean;
      }[];
    }>('/get_transaction_pool');
    return (raw.transactions ?? []).map((tx) => ({
      txHash: tx.id_hash,
      fee: rpcBigInt(tx.fee, 'fee'),
      blobSize: tx.blob_size,
      receiveTime: tx.receive_time,
      doubleSpendSeen: tx.double_spend_seen,
      keptByBlock: tx.kept_by_block,
      relayed: tx.relayed,
    }));
  }

  /**
   * Looks transactions up in the chain and the pool (`/get_transactions`). A hash that is not 64 hex
   * digits is a {@link MoneroRpcError} (status "Failed to parse hex representation ...").
   */
  async getTransactions(
    hashes: readonly string[],
    options: { withHex?: boolean } = {},
  ): Promise<MoneroTransactionsLookup> {
    if (hashes.length === 0) return { found: [], missed: [] };
    const raw = await this.client.post<{
      txs?: {
        tx_hash: string;
        in_pool: boolean;
        block_height?: number;
        block_timestamp?: number;
        confirmations?: number;
        double_spend_seen: boolean;
        as_hex?: string;
      }[];
      missed_tx?: string[];
    }>('/get_transactions', { txs_hashes: hashes, decode_as_json: false, prune: !options.withHex });
    return {
      found: (raw.txs ?? []).map((tx) => ({
        txHash: tx.tx_hash,
        inPool: tx.in_pool,
        blockHeight: tx.in_pool ? undefined : tx.block_height,
        blockTimestamp: tx.in_pool ? undefined : tx.block_timestamp,
        confirmations: tx.in_pool ? 0 : (tx.confirmations ?? 0),
        doubleSpendSeen: tx.double_spend_seen,
        asHex: options.withHex ? tx.as_hex : undefined,
      })),
      missed: raw.missed_tx ?? [],
    };
  }
}
