import {
  type BlockHeader,
  type BlockRef,
  type BlockScanObserver,
  ChainBackendError,
  type ObservedBlock,
  type ObservedOutput,
} from '@cairn/chain-core';
import type { ChainDefinition } from '@cairn/contract';
import { decodeTronBlock } from './decodeTronBlock.js';
import { parseTronJson } from './parseTronJson.js';
import type { TronApiBlock, TronApiTransactionInfo } from './tronApiTypes.js';

/** Options of {@link createTronObserver}. */
export interface TronObserverOptions {
  readonly chain: ChainDefinition;
  /** The full node's HTTP API base URL (e.g. `http://127.0.0.1:8090`); `/wallet/…` is appended. */
  readonly url: string;
  /** Watched TRC-20 contracts: 20-byte account as 40 lower-case hex digits -> coin symbol. */
  readonly tokens: ReadonlyMap<string, string>;
  readonly timeoutMs?: number;
  /** Extra request headers (e.g. TronGrid's `TRON-PRO-API-KEY`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The node's solidity API (`/walletsolidity/…`); by default `url` (TronGrid serves both). */
  readonly solidityUrl?: string;
}

/** Blocks kept from `tip`/`blockHashAt` so the `block`/`header` call that follows reads no more. */
const CACHED_BLOCKS = 8;

const BLOCK_ID = /^[0-9a-f]{64}$/;

/**
 * Observes a TRON chain through a java-tron full node's HTTP API (docs/operating/tron.md), block by
 * block, whatever the number of open payments:
 *
 * - `tip()`: `POST /wallet/getnowblock`; `blockHashAt(h)`: `POST /wallet/getblockbynum {num, visible:
 *   false}` (`{}` above the tip: null); `header(id)`: `POST /wallet/getblockbyid {value}`. A block id
 *   is `blockID`, its parent `block_header.raw_data.parentHash`, its height `raw_data.number`.
 * - `block(id)`: the block (reused from the `blockHashAt` that just fetched it) and
 *   `POST /wallet/gettransactioninfobyblocknum {num}` (skipped for a block without transactions):
 *   two calls per block. The infos must be exactly the block's transactions (a reorg between the two
 *   reads would mix branches): otherwise it fails and the watcher retries.
 * - What counts is {@link decodeTronBlock}'s: successful TRX transfers, TRX sent from inside
 *   contracts (`internal_transactions`), and `Transfer` logs of the registry's token contracts only,
 *   from transactions whose receipt is `SUCCESS`.
 * - `finalizedHeight()`: `POST /walletsolidity/getnowblock` (at `solidityUrl`): a transfer counts as
 *   final once its block is solidified, not after a count of blocks on the latest one.
 * - No mempool: java-tron's `/wallet/gettransactionlistfrompending` answers one node's own pending
 *   pool (public endpoints disable or load-balance it, so successive reads disagree), and a block
 *   follows every 3 s, so TRON payments are detected in their block.
 */
export function createTronObserver(options: TronObserverOptions): BlockScanObserver {
  const chainId = options.chain.id;
  const base = options.url.replace(/\/+$/, '');
  const cache = new Map<string, TronApiBlock>();

  const solidityBase = (options.solidityUrl ?? options.url).replace(/\/+$/, '');
  const call = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${path.startsWith('/walletsolidity/') ? solidityBase : base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new ChainBackendError(chainId, `${path}: ${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok)
      throw new ChainBackendError(chainId, `${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
    let parsed: unknown;
    try {
      parsed = parseTronJson(text);
    } catch (error) {
      throw new ChainBackendError(chainId, `${path}: the node answered no JSON`, { cause: error });
    }
    if (parsed && typeof parsed === 'object' && 'Error' in parsed) {
      throw new ChainBackendError(chainId, `${path}: ${String((parsed as { Error: unknown }).Error)}`);
    }
    return parsed as T;
  };

  const remember = (block: TronApiBlock): void => {
    if (!block.blockID) return;
    cache.delete(block.blockID);
    cache.set(block.blockID, block);
    while (cache.size > CACHED_BLOCKS) cache.delete(cache.keys().next().value as string);
  };

  const headerOf = (block: TronApiBlock, what: string): BlockHeader => {
    const raw = block.block_header?.raw_data;
    const hash = block.blockID?.toLowerCase();
    const height = Number(raw?.number ?? 0);
    if (!hash || !BLOCK_ID.test(hash) || !raw || !Number.isSafeInteger(height) || height < 0) {
      throw new ChainBackendError(chainId, `${what}: the node answered no block`);
    }
    const parent = raw.parentHash?.toLowerCase();
    if (height > 0 && (!parent || !BLOCK_ID.test(parent))) {
      throw new ChainBackendError(chainId, `${what}: block ${hash} has no parent hash`);
    }
    return { height, hash, parentHash: height === 0 ? null : (parent as string) };
  };

  const blockById = async (hash: string): Promise<TronApiBlock> => {
    const cached = cache.get(hash.toLowerCase());
    if (cached) return cached;
    const block = await call<TronApiBlock>('/wallet/getblockbyid', { value: hash, visible: false });
    if (!block.blockID) throw new ChainBackendError(chainId, `block ${hash} is unknown to the node`);
    remember(block);
    return block;
  };

  return {
    strategy: 'block-scan',
    chainId,

    async tip(): Promise<BlockRef> {
      const block = await call<TronApiBlock>('/wallet/getnowblock', { visible: false });
      const { height, hash } = headerOf(block, 'reading the latest block');
      remember(block);
      return { height, hash };
    },

    async finalizedHeight(): Promise<number> {
      const block = await call<TronApiBlock>('/walletsolidity/getnowblock', { visible: false });
      return headerOf(block, 'reading the solidified block').height;
    },

    async blockHashAt(height: number): Promise<string | null> {
      const block = await call<TronApiBlock>('/wallet/getblockbynum', { num: height, visible: false });
      if (!block.blockID) return null;
      const header = headerOf(block, `reading block ${height}`);
      if (header.height !== height) {
        throw new ChainBackendError(chainId, `asked for block ${height}, the node answered ${header.height}`);
      }
      remember(block);
      return header.hash;
    },

    async header(hash: string): Promise<BlockHeader> {
      return headerOf(await blockById(hash), `reading block ${hash}`);
    },

    /** The genesis block's id: a reset network or another one answers another (chain resets). */
    async networkIdentity(): Promise<string> {
      const block = await call<TronApiBlock>('/wallet/getblockbynum', { num: 0, visible: false });
      if (!block.blockID) throw new ChainBackendError(chainId, 'the node has no genesis block');
      return headerOf(block, 'reading the genesis block').hash;
    },

    async block(hash: string): Promise<ObservedBlock> {
      const block = await blockById(hash);
      const header = headerOf(block, `reading block ${hash}`);
      const transactions = block.transactions ?? [];
      if (transactions.length === 0 || header.height === 0) return { ...header, outputs: [] };
      const answer = await call<TronApiTransactionInfo[] | Record<string, never>>(
        '/wallet/gettransactioninfobyblocknum',
        { num: header.height, visible: false },
      );
      const list = Array.isArray(answer) ? answer : [];
      const infos = new Map(list.map((info) => [info.id.toLowerCase(), info]));
      const sameBlock =
        infos.size === transactions.length &&
        transactions.every((tx) => infos.has(tx.txID.toLowerCase())) &&
        list.every((info) => info.blockNumber === undefined || Number(info.blockNumber) === header.height);
      if (!sameBlock) {
        throw new ChainBackendError(
          chainId,
          `the transaction infos of block ${header.height} are not those of block ${hash} (a reorg between two reads?)`,
        );
      }
      const outputs = decodeTronBlock({ transactions, infos, tokens: options.tokens });
      return { ...header, outputs };
    },

    async mempoolTxids(): Promise<readonly string[]> {
      return [];
    },

    async mempoolOutputs(): Promise<readonly ObservedOutput[]> {
      return [];
    },
  };
}
