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
  /** Extra HTTP headers of every request (a hosted node's API key). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly log?: ObserverLog;
}

/**
 * A last validated ledger this far below one validated before is not a lagging server (those trail by
 * a few ledgers, minutes at most) but a reset network or another one: about 11 hours of ledgers.
 */
const RESET_GAP = 10_000;

/** The `ledger` parameters that return a ledger with its transactions, expanded (API v2 members). */
const WITH_TRANSACTIONS = { transactions: true, expand: true } as const;

/**
 * Observes an XRP Ledger network through rippled's JSON-RPC (docs/operating/xrp.md) as a block-scan
 * observer whose blocks are VALIDATED ledgers only, always with `api_version: 2`:
 *
 * - `tip()`: `ledger` with `ledger_index: "validated"`, the last validated ledger.
 * - `blockHashAt(i)`: `ledger` with `ledger_index: i, transactions: true, expand: true`; null above
 *   the last validated ledger (not closed yet, or closed but not validated). The decoded ledger is
 *   kept (one ledger) for the `block(hash)` call the watcher makes next, so following the chain costs
 *   ONE `ledger` call per ledger. A ledger at or below the last validated one that the server does
 *   not have (its history starts later) is an error, not null, so the watcher never mistakes a history
 *   gap for a reorg. A ledger at or below the last validated one that the server answers closed but
 *   not validated (servers behind one load-balanced URL that disagree for a moment) is "not yet": an
 *   error saying so (the watcher asks again on its next poll), neither null nor a history gap.
 * - Validated ledgers are final, so the observer never lets the chain go back: a server whose last
 *   validated ledger is below one already seen (a lagging server behind a load-balanced URL such as a
 *   public cluster's) is an error, not a shorter chain; otherwise the watcher would take it for a
 *   reorg and orphan payments it had seen in final ledgers. Only a tip more than 10,000 ledgers below
 *   (about 11 hours) is reported as it is: a reset testnet or another network, which the watcher tells
 *   by finding no common ancestor.
 * - `header(hash)`: `ledger` with `ledger_hash`; `block(hash)`: the same with its transactions,
 *   decoded by {@link decodeXrpLedger}: successful XRP Payments, credited with `meta.delivered_amount`,
 *   never `Amount`/`DeliverMax`. A ledger that is not validated is refused (an error).
 * - No mempool: only validated ledgers count on the XRP Ledger, and a validated ledger is final (the
 *   network validates one every 3 to 5 seconds), so `mempoolTxids()` is always empty.
 *
 * Cost: one `ledger` call per ledger (plus one per poll for the tip), whatever the number of open
 * payments; never a call per payment or per account. Memory: one decoded ledger.
 */
export function createXrpObserver(options: XrpObserverOptions): BlockScanObserver {
  const { chainId, log } = options;
  const rippled = new RippledRpcClient(options.url, {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  /** The highest validated ledger seen: validated ledgers are final, the tip never goes below it. */
  let highestValidated: BlockRef | undefined;
  /** The last ledger `blockHashAt` read with its transactions, for the `block(hash)` call after it. */
  let lastRead: ObservedBlock | undefined;

  const fail = (what: string, error: unknown): never => {
    if (error instanceof ChainBackendError) throw error;
    throw new ChainBackendError(chainId, `${what}: ${(error as Error)?.message ?? String(error)}`, {
      cause: error,
    });
  };

  const ledger = (params: Record<string, unknown>) => rippled.call<RippledLedgerResult>('ledger', params);

  const noteValidated = (ref: BlockRef): void => {
    if (!highestValidated || ref.height > highestValidated.height) {
      highestValidated = { height: ref.height, hash: ref.hash };
    }
  };

  async function tip(): Promise<BlockRef> {
    let validated: BlockRef;
    try {
      const { height, hash } = decodeXrpLedgerHeader(chainId, await ledger({ ledger_index: 'validated' }));
      validated = { height, hash };
    } catch (error) {
      return fail('cannot read the last validated ledger from rippled', error);
    }
    if (highestValidated && highestValidated.height - validated.height > RESET_GAP) {
      // Not a lagging server: a reset network (or another one). Reported as it is; the watcher, which
      // finds no common ancestor, decides (docs/operating/chain-resets.md).
      highestValidated = validated;
    } else if (highestValidated && validated.height < highestValidated.height) {
      throw new ChainBackendError(
        chainId,
        `rippled's last validated ledger ${validated.height} is below ledger ${highestValidated.height}, validated before: a lagging server (another one behind a load-balanced URL, or one resyncing); waiting for it to catch up`,
      );
    }
    noteValidated(validated);
    return validated;
  }

  /**
   * Ledger `height` with its transactions if the server that answered has it validated; otherwise
   * whether it answered the ledger without validating it (`unvalidated`) or not at all (`missing`).
   */
  async function validatedAt(height: number): Promise<ObservedBlock | 'unvalidated' | 'missing'> {
    let result: RippledLedgerResult;
    try {
      result = await ledger({ ledger_index: height, ...WITH_TRANSACTIONS });
    } catch (error) {
      if (error instanceof RippledRpcError && error.rpcError === 'lgrNotFound') return 'missing';
      return fail(`cannot read ledger ${height} from rippled`, error);
    }
    if (result?.validated !== true) return 'unvalidated';
    try {
      const block = decodeXrpLedger(chainId, result, log);
      if (block.height !== height) {
        throw new ChainBackendError(chainId, `asked for ledger ${height}, rippled answered ${block.height}`);
      }
      noteValidated(block);
      lastRead = block;
      return block;
    } catch (error) {
      return fail(`cannot read ledger ${height} from rippled`, error);
    }
  }

  async function blockHashAt(height: number): Promise<string | null> {
    if (!Number.isSafeInteger(height) || height < 1) return null;
    const found = await validatedAt(height);
    if (typeof found === 'object') return found.hash;
    // Not found, or not validated: above the last validated ledger, or validated meanwhile, or a gap.
    const validated = await tip();
    if (height > validated.height) return null;
    const again = await validatedAt(height);
    if (typeof again === 'object') return again.hash;
    if (again === 'unvalidated') {
      // The server has the ledger, closed, but has not validated it yet, while the tip came from one
      // that has (servers behind one load-balanced URL disagree for a few seconds): not yet, not a gap.
      throw new ChainBackendError(
        chainId,
        `ledger ${height} is validated (last validated ledger ${validated.height}) but not validated yet by the server that answered for it (servers behind this URL disagree); asking again later`,
      );
    }
    throw new ChainBackendError(
      chainId,
      `rippled does not have validated ledger ${height}, at or below its last validated ledger ${validated.height}: its ledger history does not reach back that far (raise ledger_history, or use a full-history server)`,
    );
  }

  async function byHash(hash: string, transactions: boolean): Promise<RippledLedgerResult> {
    const result = await ledger({ ledger_hash: hash, ...(transactions ? WITH_TRANSACTIONS : {}) });
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
    const kept = lastRead;
    if (kept && kept.hash.toUpperCase() === hash.toUpperCase()) {
      lastRead = undefined;
      return kept;
    }
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
