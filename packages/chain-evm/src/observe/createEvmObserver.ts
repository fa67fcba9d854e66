import {
  type BlockHeader,
  type BlockRef,
  type BlockScanObserver,
  ChainBackendError,
  type ObservedBlock,
  type ObservedOutput,
  type PolledTarget,
} from '@cairn/chain-core';
import type { ChainDefinition } from '@cairn/contract';
import { createPublicClient, type Hex, http, type PublicClient } from 'viem';
import { decodeEvmBlock } from './decodeEvmBlock.js';
import type { RpcReceipt } from './readEvmReceipts.js';

const ZERO_HASH = `0x${'0'.repeat(64)}`;
/**
 * `ObservedOutput.index` of native coin found by balance (sent from inside a contract): its `txid` is
 * the block's hash, and the index, -2 minus the first 28 bits of the target's address, keeps the
 * (txid, index) pair unique when one block credits several targets, and the same on every re-scan.
 */
export function hiddenCreditIndex(matchKey: string): number {
  return HIDDEN_CREDIT_INDEX_BASE - Number.parseInt(matchKey.slice(0, 7), 16);
}

/** The highest index of a hidden credit (see {@link hiddenCreditIndex}). */
export const HIDDEN_CREDIT_INDEX_BASE = -2;
/** Balance reads per JSON-RPC batch request. */
const BALANCE_BATCH = 100;

/** What one block paid, kept for {@link EvmObserver.hiddenCredits} of the same block. */
interface ScannedBlock {
  readonly hash: string;
  /** Native value each address received from transactions sent to it (match key -> wei). */
  readonly nativeIn: Map<string, bigint>;
  /** Native coin each forwarder paid out to its treasury (match key -> wei). */
  readonly flushedOut: Map<string, bigint>;
}

/** Options of {@link createEvmObserver}. */
export interface EvmObserverOptions {
  readonly chain: ChainDefinition;
  /** The node's JSON-RPC URL (credentials may be in it; never logged here). */
  readonly url: string;
  /** Token contracts to watch: lower-case address -> coin symbol. */
  readonly tokens: ReadonlyMap<string, string>;
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted node's API key); never logged here. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A block-scan observer of an EVM chain. */
export interface EvmObserver extends BlockScanObserver {
  hiddenCredits(block: ObservedBlock, targets: readonly PolledTarget[]): Promise<readonly ObservedOutput[]>;
}

/**
 * Observes an EVM chain through a node's JSON-RPC (docs/operating/evm.md), two calls per block whatever
 * the number of open payments: the block with its transactions and `eth_getBlockReceipts` (geth,
 * erigon, reth, nethermind and the large providers answer it).
 *
 * - Native coin: every successful transaction with value, keyed by its recipient (`index` -1). Value
 *   sent from inside a contract is invisible there; {@link EvmObserver.hiddenCredits} finds it by
 *   comparing the open targets' balances before and after the block (batched reads).
 * - Tokens: the `Transfer` logs of the watched token contracts, keyed by `to` (`index` = log index).
 * - No mempool: public mempools are not reliably readable through RPC providers, so EVM payments are
 *   detected in their block (the lifecycle passes detected -> confirming at once, emitting both).
 * - Reorgs are found by the watcher through block hashes; `removed` logs are never relied on (anvil
 *   never sets it). Every read names the block by hash, so a reorg between two reads cannot mix
 *   branches; viem's caches are off (`cacheTime: 0`).
 */
export function createEvmObserver(options: EvmObserverOptions): EvmObserver {
  const chainId = options.chain.id;
  const client: PublicClient = createPublicClient({
    cacheTime: 0,
    transport: http(options.url, {
      batch: { batchSize: BALANCE_BATCH, wait: 0 },
      retryCount: 0,
      timeout: options.timeoutMs ?? 15_000,
      ...(options.headers ? { fetchOptions: { headers: { ...options.headers } } } : {}),
    }),
  });
  let lastScan: ScannedBlock | undefined;

  const fail = (what: string, error: unknown): never => {
    if (error instanceof ChainBackendError) throw error;
    const reason = (error as Error).message?.split('\n')[0] ?? String(error);
    throw new ChainBackendError(chainId, `${what}: ${reason}`, { cause: error });
  };

  const headerOf = (block: { number: bigint | null; hash: Hex | null; parentHash: Hex }): BlockHeader => {
    if (block.number === null || block.hash === null)
      throw new ChainBackendError(chainId, 'the node answered a pending block');
    return {
      height: Number(block.number),
      hash: block.hash,
      parentHash: block.number === 0n || block.parentHash === ZERO_HASH ? null : block.parentHash,
    };
  };

  const request = <T>(method: string, params: readonly unknown[]): Promise<T> =>
    client.request({ method: method as 'eth_chainId', params: params as never }) as Promise<T>;

  return {
    strategy: 'block-scan',
    chainId,

    async tip(): Promise<BlockRef> {
      try {
        const block = await client.getBlock({ blockTag: 'latest' });
        const { height, hash } = headerOf(block);
        return { height, hash };
      } catch (error) {
        return fail('reading the latest block', error);
      }
    },

    async blockHashAt(height: number): Promise<string | null> {
      try {
        const block = await request<{ hash: Hex } | null>('eth_getBlockByNumber', [
          `0x${height.toString(16)}`,
          false,
        ]);
        return block?.hash ?? null;
      } catch (error) {
        return fail(`reading block ${height}`, error);
      }
    },

    async networkIdentity(): Promise<string> {
      try {
        const [id, genesis] = await Promise.all([
          request<Hex>('eth_chainId', []),
          request<{ hash: Hex } | null>('eth_getBlockByNumber', ['0x0', false]),
        ]);
        if (!genesis) return fail('reading the genesis block', new Error('the node has no block 0'));
        return `${Number.parseInt(id, 16)}:${genesis.hash}`;
      } catch (error) {
        return fail('reading the chain id and genesis block', error);
      }
    },

    async catchingUp(): Promise<boolean> {
      try {
        return (await request<unknown>('eth_syncing', [])) !== false;
      } catch (error) {
        return fail('asking whether the node is syncing', error);
      }
    },

    async header(hash: string): Promise<BlockHeader> {
      try {
        return headerOf(await client.getBlock({ blockHash: hash as Hex }));
      } catch (error) {
        return fail(`reading block ${hash}`, error);
      }
    },

    async block(hash: string): Promise<ObservedBlock> {
      try {
        const [block, receipts] = await Promise.all([
          client.getBlock({ blockHash: hash as Hex, includeTransactions: true }),
          request<RpcReceipt[] | null>('eth_getBlockReceipts', [hash]),
        ]);
        if (!receipts) throw new ChainBackendError(chainId, `the node has no receipts for block ${hash}`);
        const { outputs, nativeIn, flushedOut } = decodeEvmBlock({
          hash,
          transactions: block.transactions,
          receipts,
          tokens: options.tokens,
          chainId,
        });
        lastScan = { hash: block.hash, nativeIn, flushedOut };
        return { ...headerOf(block), outputs };
      } catch (error) {
        return fail(`reading block ${hash}`, error);
      }
    },

    async mempoolTxids(): Promise<readonly string[]> {
      return [];
    },

    async mempoolOutputs(): Promise<readonly ObservedOutput[]> {
      return [];
    },

    async hiddenCredits(
      block: ObservedBlock,
      targets: readonly PolledTarget[],
    ): Promise<readonly ObservedOutput[]> {
      if (targets.length === 0 || block.parentHash === null) return [];
      try {
        const scan = lastScan?.hash === block.hash ? lastScan : undefined;
        if (!scan)
          throw new ChainBackendError(chainId, `block ${block.hash} was not scanned before its balances`);
        const balance = (address: string, blockHash: string) =>
          request<Hex>('eth_getBalance', [address, { blockHash }]).then(BigInt);
        const credits: ObservedOutput[] = [];
        const [before, after] = await Promise.all([
          Promise.all(targets.map((t) => balance(t.address, block.parentHash as string))),
          Promise.all(targets.map((t) => balance(t.address, block.hash))),
        ]);
        targets.forEach((target, i) => {
          const inflow =
            (after[i] as bigint) - (before[i] as bigint) + (scan.flushedOut.get(target.matchKey) ?? 0n);
          const hidden = inflow - (scan.nativeIn.get(target.matchKey) ?? 0n);
          if (hidden > 0n)
            credits.push({
              txid: block.hash,
              index: hiddenCreditIndex(target.matchKey),
              matchKey: target.matchKey,
              amount: hidden,
            });
        });
        return credits;
      } catch (error) {
        return fail(`reading balances in block ${block.hash}`, error);
      }
    },
  };
}
