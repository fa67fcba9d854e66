import {
  type BlockHeader,
  type BlockRef,
  type BlockScanObserver,
  ChainBackendError,
  type ObservedBlock,
  type ObservedOutput,
  type ObservedStray,
  type ObserverLog,
} from '@cairn/chain-core';
import { HorizonClient, HorizonError } from '../horizon/HorizonClient.js';
import type { HorizonLedger, HorizonOperationRecord, HorizonPage } from '../horizon/horizonTypes.js';
import { CREATE_CLAIMABLE_BALANCE_TYPE, readClaimableBalance } from './readClaimableBalance.js';
import { ledgerOfOperationId, readPaymentRecord } from './readPaymentRecord.js';

/** Everything the Horizon observer needs. */
export interface StellarObserverOptions {
  readonly chainId: string;
  /** Horizon's base URL, e.g. `https://horizon.stellar.org`. */
  readonly horizonUrl: string;
  /** The account that issues the USDC counted (the registry's coin `contract`, or Circle's). */
  readonly usdcIssuer: string;
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted Horizon's API key). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly log?: ObserverLog;
  /** Operations per page (Horizon's maximum, 200, by default). */
  readonly pageSize?: number;
}

/** The ledger headers remembered by hash (Horizon cannot look a ledger up by hash). */
const REMEMBERED_LEDGERS = 4096;
/** Horizon's largest page. */
const MAX_PAGE = 200;
/** Ledger 1 (genesis) builds on nothing; its `prev_hash` is all zeros. */
const GENESIS = 1;

/** A ledger hash as Horizon prints it: SHA-256 in lower-case hex. */
const isHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
/** An operation id or paging token: a TOID in decimal. */
const isDecimal = (value: unknown): value is string => typeof value === 'string' && /^[0-9]+$/.test(value);

/**
 * Observes a Stellar chain through Horizon's REST API by scanning every ledger (a block-scan observer,
 * docs/operating/stellar.md). Ledgers are final once Horizon has them (SCP has no forks) and their
 * sequences are contiguous, so the watcher's parent-hash checks never fire but cost nothing either.
 *
 * - `tip()`: `GET /ledgers?order=desc&limit=1`, the newest ledger Horizon ingested;
 * - `blockHashAt(seq)`: `GET /ledgers/{seq}`, null on 404 (not ingested yet: above the tip);
 * - `header(hash)`: Horizon has no ledger-by-hash lookup, so every ledger read is remembered by hash
 *   (and its `prev_hash` as the hash of `seq - 1`); a `prev_hash` is confirmed by reading that
 *   sequence, except below the oldest ledger Horizon has (410 `before_history`, or 404): that parent
 *   is reported with a null parent of its own, so a walk back ends there as at genesis (a Horizon
 *   whose history starts fewer than ten ledgers below its tip still lets the watcher start). An
 *   unknown hash is an error;
 * - `block(hash)`: the ledger's operations, `GET /ledgers/{seq}/operations?order=asc&limit=200&
 *   join=transactions&include_failed=false`, paged with the last record's `paging_token` as `cursor`
 *   until a page comes back short; each record is read by {@link readPaymentRecord} (payments, path
 *   payments, and Soroban calls' Stellar Asset Contract transfers become outputs) or, for a
 *   `create_claimable_balance`, by {@link readClaimableBalance} (stray funds of its claimants, in
 *   `strays`); every other operation is skipped;
 * - no mempool: only closed ledgers count (`mempoolTxids()` is empty).
 *
 * Why the operations and not the payments endpoint: creating a claimable balance is no payment, and
 * the operations endpoint lists every payment record the payments endpoint would, in the same shape,
 * so one stream serves both (reading both would cost the payments pages on top). Horizon cannot filter
 * operations by type; looking balances up per claimant (`/claimable_balances?claimant=`) would need
 * the merchant accounts, which a block-scan observer is not given, and a request per account and sync.
 *
 * Cost per new ledger: one ledger read plus ceil((operation_count + 1) / 200) operation pages, where
 * `operation_count` (on the ledger read) counts the operations of its successful transactions: none
 * for a ledger where it is 0, six for a ledger of 1,000 operations; and one tip read per sync;
 * nothing per open payment.
 */
export function createStellarObserver(options: StellarObserverOptions): BlockScanObserver {
  const { chainId, usdcIssuer, log } = options;
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  const horizon = new HorizonClient(options.horizonUrl, {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  /** Ledgers read, by hash. */
  const byHash = new Map<string, BlockHeader>();
  /** Hashes seen as some ledger's `prev_hash`, with the sequence they must be at. */
  const parents = new Map<string, number>();
  /** Ledgers read, by hash: their `operation_count` (operations of successful transactions). */
  const operationCounts = new Map<string, number>();

  const fail = (message: string, cause?: unknown): never => {
    const reason = cause === undefined ? '' : `: ${cause instanceof Error ? cause.message : String(cause)}`;
    throw new ChainBackendError(chainId, `${message}${reason}`, cause === undefined ? undefined : { cause });
  };

  function remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    map.set(key, value);
    if (map.size > REMEMBERED_LEDGERS) map.delete(map.keys().next().value as string);
  }

  function headerOf(ledger: HorizonLedger): BlockHeader {
    if (
      !Number.isSafeInteger(ledger?.sequence) ||
      !isHash(ledger.hash) ||
      (ledger.sequence > GENESIS && !isHash(ledger.prev_hash))
    ) {
      fail(
        `Horizon answered a ledger without a sequence, hash or prev_hash: ${JSON.stringify(ledger).slice(0, 200)}`,
      );
    }
    const header: BlockHeader = {
      height: ledger.sequence,
      hash: ledger.hash,
      parentHash: ledger.sequence <= GENESIS ? null : ledger.prev_hash,
    };
    remember(byHash, header.hash, header);
    if (Number.isSafeInteger(ledger.operation_count) && ledger.operation_count >= 0) {
      remember(operationCounts, header.hash, ledger.operation_count);
    }
    if (header.parentHash !== null) remember(parents, header.parentHash, header.height - 1);
    return header;
  }

  /**
   * Ledger `sequence`, null when Horizon does not have it (404: above its tip), or `before-history`
   * when it is older than the oldest ledger Horizon keeps (410 `before_history`, with
   * `beforeHistory`; otherwise that is an error).
   */
  async function ledgerAt(sequence: number): Promise<BlockHeader | null>;
  async function ledgerAt(
    sequence: number,
    beforeHistory: true,
  ): Promise<BlockHeader | null | 'before-history'>;
  async function ledgerAt(
    sequence: number,
    beforeHistory?: true,
  ): Promise<BlockHeader | null | 'before-history'> {
    let ledger: HorizonLedger | null;
    try {
      ledger = await horizon.get<HorizonLedger>(`/ledgers/${sequence}`);
    } catch (error) {
      if (beforeHistory && error instanceof HorizonError && error.httpStatus === 410) return 'before-history';
      return fail(`cannot read ledger ${sequence} from Horizon`, error);
    }
    if (ledger === null) return null;
    const header = headerOf(ledger);
    if (header.height !== sequence)
      fail(`Horizon answered ledger ${header.height} when asked for ${sequence}`);
    return header;
  }

  async function tip(): Promise<BlockRef> {
    let page: HorizonPage<HorizonLedger> | null;
    try {
      page = await horizon.get<HorizonPage<HorizonLedger>>('/ledgers', { order: 'desc', limit: 1 });
    } catch (error) {
      return fail('cannot read the latest ledger from Horizon', error);
    }
    const latest = page?._embedded?.records?.[0];
    if (!latest) return fail('Horizon has no ledgers yet (is it still ingesting?)');
    const header = headerOf(latest);
    return { height: header.height, hash: header.hash };
  }

  async function blockHashAt(height: number): Promise<string | null> {
    if (!Number.isSafeInteger(height) || height < GENESIS) return null;
    return (await ledgerAt(height))?.hash ?? null;
  }

  async function header(hash: string): Promise<BlockHeader> {
    const known = byHash.get(hash);
    if (known) return known;
    const sequence = parents.get(hash);
    if (sequence === undefined) {
      return fail(
        `ledger ${hash} was never read through this observer, and Horizon cannot look a ledger up by hash`,
      );
    }
    const ledger = await ledgerAt(sequence, true);
    if (ledger === 'before-history' || ledger === null) {
      // Older than the oldest ledger this Horizon has (its history_elder_ledger: it ingested from a
      // recent ledger, or prunes): 410 before_history (404 from some proxies and older versions). Its
      // hash is its child's prev_hash; nothing older can be read, so a walk back (the watcher's first
      // start reads ten ancestors of the tip) ends here, as at genesis.
      const oldest: BlockHeader = { height: sequence, hash, parentHash: null };
      remember(byHash, hash, oldest);
      return oldest;
    }
    if (ledger.hash !== hash) {
      return fail(`ledger ${sequence} on Horizon is ${ledger?.hash ?? 'missing'}, not ${hash}`);
    }
    return ledger;
  }

  async function operations(sequence: number): Promise<HorizonOperationRecord[]> {
    const records: HorizonOperationRecord[] = [];
    let cursor: string | undefined;
    for (;;) {
      let page: HorizonPage<HorizonOperationRecord> | null;
      try {
        page = await horizon.get<HorizonPage<HorizonOperationRecord>>(`/ledgers/${sequence}/operations`, {
          order: 'asc',
          limit: pageSize,
          join: 'transactions',
          include_failed: 'false',
          ...(cursor === undefined ? {} : { cursor }),
        });
      } catch (error) {
        return fail(`cannot read the operations of ledger ${sequence} from Horizon`, error);
      }
      if (page === null) return fail(`Horizon has no ledger ${sequence} (404 on its operations)`);
      const batch = page._embedded?.records;
      if (!Array.isArray(batch))
        return fail(`Horizon's operations page of ledger ${sequence} has no records`);
      for (const record of batch) {
        if (!isDecimal(record?.id) || !isDecimal(record.paging_token)) {
          fail(
            `Horizon's operations page of ledger ${sequence} has a record without a numeric id and paging_token`,
          );
        }
        if (ledgerOfOperationId(record.id) !== sequence) {
          fail(`Horizon listed operation ${record.id} among the operations of ledger ${sequence}`);
        }
        if (cursor !== undefined && BigInt(record.paging_token) <= BigInt(cursor)) {
          fail(`Horizon's operations of ledger ${sequence} do not advance past cursor ${cursor}`);
        }
        records.push(record);
        cursor = record.paging_token;
      }
      if (batch.length < pageSize) return records;
    }
  }

  async function block(hash: string): Promise<ObservedBlock> {
    const ledger = await header(hash);
    const outputs: ObservedOutput[] = [];
    const strays: ObservedStray[] = [];
    // A ledger whose successful transactions hold no operation has nothing to read (no request).
    const empty = operationCounts.get(hash) === 0;
    for (const record of empty ? [] : await operations(ledger.height)) {
      if (record.type === CREATE_CLAIMABLE_BALANCE_TYPE) {
        try {
          strays.push(...readClaimableBalance(record, usdcIssuer));
        } catch (error) {
          return fail(`cannot read claimable balance ${record.id} of ledger ${ledger.height}`, error);
        }
        continue;
      }
      let reading: ReturnType<typeof readPaymentRecord>;
      try {
        reading = readPaymentRecord(record, usdcIssuer);
      } catch (error) {
        return fail(`cannot read payment ${record.id} of ledger ${ledger.height}`, error);
      }
      if (reading.kind !== 'outputs') continue;
      outputs.push(...reading.outputs);
      if (reading.unreadableMemo) {
        log?.warn(
          { chainId, ledger: ledger.height, operation: record.id, memo: record.transaction?.memo },
          'Stellar payment with an ID memo that is not a uint64: matched on its account alone',
        );
      }
    }
    return { ...ledger, outputs, ...(strays.length > 0 ? { strays } : {}) };
  }

  return {
    strategy: 'block-scan',
    chainId,
    tip,
    blockHashAt,
    header,
    block,
    async mempoolTxids() {
      return [];
    },
    async mempoolOutputs() {
      return [];
    },
  };
}
