import {
  type BlockHeader,
  type BlockRef,
  type BlockScanObserver,
  ChainBackendError,
  type ObservedBlock,
  type ObservedOutput,
  type ObserverLog,
} from '@cairn/chain-core';
import type { RippledLedgerResult } from '../rpc/RippledLedger.js';
import { RippledRpcClient, RippledRpcError } from '../rpc/RippledRpcClient.js';
import { decodeXrpLedger, decodeXrpLedgerHeader } from './decodeXrpLedger.js';

/** Options of {@link createXrpObserver}. */
export interface XrpObserverOptions {
  readonly chainId: string;
  /** rippled's (or Clio's) JSON-RPC URL, e.g. `http://127.0.0.1:5005` (credentials may be in it). */
  readonly url: string;
  /** Per-call timeout in ms (default 30 s). */
  readonly timeoutMs?: number;
  readonly log?: ObserverLog;
}

/**
 * Observes an XRP Ledger network through rippled's JSON-RPC (DESIGN.md section 5) as a block-scan
 * observer whose blocks are VALIDATED ledgers only, always with `api_version: 2`:
 *
 * - `tip()`: `ledger` with `ledger_index: "validated"`, the last validated ledger.
 * - `blockHashAt(i)`: `ledger` with `ledger_index: i`; null above the last validated ledger (not
 *   closed yet, or closed but not validated). A ledger at or below it that the server does not have
 *   (its history starts later) is an error, not null, so the watcher never mistakes a history gap for
 *   a reorg.
 * - `header(hash)`: `ledger` with `ledger_hash`; `block(hash)`: the same with `transactions: true,
 *   expand: true`, decoded by {@link decodeXrpLedger}: successful XRP Payments, credited with
 *   `meta.delivered_amount`, never `Amount`. A ledger that is not validated is refused (an error).
 * - No mempool: only validated ledgers count on the XRP Ledger, and a validated ledger is final (the
 *   network closes one every 3 to 5 seconds), so `mempoolTxids()` is always empty.
 *
 * Cost: one `ledger` call per ledger (plus one per poll for the tip), whatever the number of open
 * payments; never a call per payment or per account.
 */
export function createXrpObserver(options: XrpObserverOptions): BlockScanObserver {
  const { chainId, log } = options;
  const rippled = new RippledRpcClient(
    options.url,
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );

  const fail = (what: string, error: unknown): never => {
    if (error instanceof ChainBackendError) throw error;
    throw new ChainBackendError(chainId, `${what}: ${(error as Error)?.message ?? String(error)}`, {
      cause: error,
    });
  };

  const ledger = (params: Record<string, unknown>) => rippled.call<RippledLedgerResult>('ledger', params);

  async function tip(): Promise<BlockRef> {
    try {
      const { height, hash } = decodeXrpLedgerHeader(chainId, await ledger({ ledger_index: 'validated' }));
      return { height, hash };
    } catch (error) {
      return fail('cannot read the last validated ledger from rippled', error);
    }
  }

  /** Null when `height` is above the last validated ledger; an error when the server lacks it below. */
  async function aboveTip(height: number, why: string): Promise<null> {
    const validated = await tip();
    if (height > validated.height) return null;
    throw new ChainBackendError(
      chainId,
      `rippled ${why} ledger ${height}, at or below its last validated ledger ${validated.height}: its ledger history does not reach back that far (raise ledger_history, or use a full-history server)`,
    );
  }

  async function blockHashAt(height: number): Promise<string | null> {
    if (!Number.isSafeInteger(height) || height < 1) return null;
    let result: RippledLedgerResult;
    try {
      result = await ledger({ ledger_index: height });
    } catch (error) {
      if (error instanceof RippledRpcError && error.rpcError === 'lgrNotFound') {
        return aboveTip(height, 'does not have');
      }
      return fail(`cannot read ledger ${height} from rippled`, error);
    }
    if (result?.validated !== true) return aboveTip(height, 'has not validated');
    try {
      const header = decodeXrpLedgerHeader(chainId, result);
      if (header.height !== height) {
        throw new ChainBackendError(chainId, `asked for ledger ${height}, rippled answered ${header.height}`);
      }
      return header.hash;
    } catch (error) {
      return fail(`cannot read ledger ${height} from rippled`, error);
    }
  }

  async function byHash(hash: string, transactions: boolean): Promise<RippledLedgerResult> {
    const result = await ledger({
      ledger_hash: hash,
      ...(transactions ? { transactions: true, expand: true } : {}),
    });
    const answered = result?.ledger?.ledger_hash;
    if (typeof answered !== 'string' || answered.toUpperCase() !== hash.toUpperCase()) {
      throw new ChainBackendError(chainId, `asked for ledger ${hash}, rippled answered ${String(answered)}`);
    }
    return result;
  }

  async function header(hash: string): Promise<BlockHeader> {
    try {
      return decodeXrpLedgerHeader(chainId, await byHash(hash, false));
    } catch (error) {
      return fail(`cannot read ledger ${hash} from rippled`, error);
    }
  }

  async function block(hash: string): Promise<ObservedBlock> {
    try {
      return decodeXrpLedger(chainId, await byHash(hash, true), log);
    } catch (error) {
      return fail(`cannot read ledger ${hash} with its transactions from rippled`, error);
    }
  }

  return {
    chainId,
    strategy: 'block-scan',
    tip,
    blockHashAt,
    header,
    block,
    /** Always empty: only validated ledgers count on the XRP Ledger (see createXrpObserver). */
    async mempoolTxids(): Promise<readonly string[]> {
      return [];
    },
    /** Always empty, like {@link mempoolTxids}. */
    async mempoolOutputs(): Promise<readonly ObservedOutput[]> {
      return [];
    },
  };
}
