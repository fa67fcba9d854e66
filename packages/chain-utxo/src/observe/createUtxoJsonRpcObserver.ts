import {
  type BlockHeader,
  type BlockScanObserver,
  ChainBackendError,
  type ObservedOutput,
} from '@cairn/chain-core';
import { JsonRpcClient, JsonRpcError } from '../rpc/JsonRpcClient.js';
import { decodeRpcTransaction, type RpcTransaction } from './decodeRpcTransaction.js';

/** Options of the JSON-RPC backend. */
export interface UtxoJsonRpcObserverOptions {
  readonly chainId: string;
  /** `http://user:pass@host:port` of a Bitcoin Core-compatible node. */
  readonly url: string;
  /** Decimals of the chain's coin (8 on every UTXO chain). */
  readonly decimals: number;
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted node's API key). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * 2 (default): `getblock <hash> 2` returns every decoded transaction in one call. 1: `getblock <hash>
   * true` plus batched `getrawtransaction`, for nodes without verbosity 2 (Dogecoin Core 1.14; needs
   * `-txindex`). The observer falls back to 1 by itself when the node refuses 2.
   */
  readonly blockVerbosity?: 1 | 2;
  /**
   * The network the node must be on, as `getblockchaininfo` names it (`main`, `test`, `regtest`, ...).
   * A node on another network is an error naming both, so a testnet chain never watches a mainnet node.
   */
  readonly expectedNetwork?: string | readonly string[];
}

const BATCH = 250;
/** Bitcoin Core: `-8` block height out of range; `-1`/`-3` a parameter of the wrong type (verbosity 2 unknown). */
const OUT_OF_RANGE = -8;
const WRONG_TYPE = new Set([-1, -3]);

interface RpcHeader {
  readonly hash: string;
  readonly height: number;
  readonly previousblockhash?: string;
}

const headerOf = (raw: RpcHeader): BlockHeader => ({
  height: raw.height,
  hash: raw.hash,
  parentHash: raw.previousblockhash ?? null,
});

/**
 * The block-scan backend over a Bitcoin Core-compatible JSON-RPC node (Bitcoin Core, Litecoin Core,
 * Bitcoin Cash Node, Dogecoin Core): the tip from `getblockchaininfo`, blocks with `getblock`, the mempool
 * from `getrawmempool` and batched `getrawtransaction`, and `waitfornewblock` as the long-poll (the nodes
 * here have no ZMQ). Cost is per block and per new mempool transaction, never per watched address.
 */
export function createUtxoJsonRpcObserver(options: UtxoJsonRpcObserverOptions): BlockScanObserver {
  const { chainId, decimals } = options;
  const rpc = new JsonRpcClient(options.url, {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  let verbosity = options.blockVerbosity ?? 2;

  const wrap = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ChainBackendError) throw error;
      throw new ChainBackendError(chainId, `${what}: ${(error as Error).message}`, { cause: error });
    }
  };

  async function decodedTransactions(hash: string): Promise<{ header: BlockHeader; txs: RpcTransaction[] }> {
    if (verbosity === 2) {
      try {
        const block = await rpc.call<RpcHeader & { tx: RpcTransaction[] }>('getblock', [hash, 2]);
        return { header: headerOf(block), txs: block.tx };
      } catch (error) {
        if (!(error instanceof JsonRpcError) || !WRONG_TYPE.has(error.rpcCode)) throw error;
        verbosity = 1;
      }
    }
    const block = await rpc.call<RpcHeader & { tx: string[] }>('getblock', [hash, true]);
    const txs: RpcTransaction[] = [];
    for (let i = 0; i < block.tx.length; i += BATCH) {
      const answers = await rpc.batch<RpcTransaction>(
        block.tx.slice(i, i + BATCH).map((txid) => ({ method: 'getrawtransaction', params: [txid, true] })),
      );
      for (const answer of answers) {
        if (!answer.ok) throw answer.error;
        txs.push(answer.result);
      }
    }
    return { header: headerOf(block), txs };
  }

  return {
    chainId,
    strategy: 'block-scan',

    tip: () =>
      wrap('tip', async () => {
        const info = await rpc.call<{ chain: string; blocks: number; bestblockhash: string }>(
          'getblockchaininfo',
        );
        const expected = options.expectedNetwork;
        if (
          expected !== undefined &&
          !(typeof expected === 'string' ? [expected] : expected).includes(info.chain)
        ) {
          throw new ChainBackendError(
            chainId,
            `the node at ${rpc.displayUrl} is on the "${info.chain}" network, not ${typeof expected === 'string' ? `"${expected}"` : expected.map((e) => `"${e}"`).join(' or ')}`,
          );
        }
        return { height: info.blocks, hash: info.bestblockhash };
      }),

    blockHashAt: (height) =>
      wrap(`block hash at ${height}`, async () => {
        try {
          return await rpc.call<string>('getblockhash', [height]);
        } catch (error) {
          if (error instanceof JsonRpcError && error.rpcCode === OUT_OF_RANGE) return null;
          throw error;
        }
      }),

    header: (hash) =>
      wrap(`header ${hash}`, async () => headerOf(await rpc.call<RpcHeader>('getblockheader', [hash, true]))),

    networkIdentity: () => wrap('genesis block hash', () => rpc.call<string>('getblockhash', [0])),

    catchingUp: () =>
      wrap('initial block download', async () => {
        const info = await rpc.call<{ initialblockdownload?: boolean }>('getblockchaininfo');
        return info.initialblockdownload === true;
      }),

    block: (hash) =>
      wrap(`block ${hash}`, async () => {
        const { header, txs } = await decodedTransactions(hash);
        const outputs: ObservedOutput[] = [];
        for (const tx of txs) for (const output of decodeRpcTransaction(tx, decimals)) outputs.push(output);
        return { ...header, outputs };
      }),

    mempoolTxids: () => wrap('mempool', () => rpc.call<string[]>('getrawmempool', [false])),

    mempoolOutputs: (txids) =>
      wrap('mempool transactions', async () => {
        const outputs: ObservedOutput[] = [];
        for (let i = 0; i < txids.length; i += BATCH) {
          const answers = await rpc.batch<RpcTransaction>(
            txids.slice(i, i + BATCH).map((txid) => ({ method: 'getrawtransaction', params: [txid, true] })),
          );
          // A transaction that left the mempool since it was listed answers -5: skip it.
          for (const answer of answers)
            if (answer.ok) outputs.push(...decodeRpcTransaction(answer.result, decimals));
        }
        return outputs;
      }),

    waitForBlock: (timeoutMs) =>
      wrap('waitfornewblock', async () => {
        await rpc.call('waitfornewblock', [Math.max(1, Math.round(timeoutMs))], {
          timeoutMs: timeoutMs + 10_000,
        });
      }),
  };
}
