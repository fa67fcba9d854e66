import {
  type BlockHeader,
  ChainBackendError,
  type ObservedBlock,
  type ObservedOutput,
  type ObservedStray,
  parseUnits,
} from '@cairn/chain-core';
import { isValidClassicAddress } from 'xrpl';
import type { RippledExpandedTransaction, RippledLedgerResult } from '../rpc/RippledLedger.js';
import { MAX_DROPS } from '../xrpUnits.js';

/** Where the decoder reports what it left out (the observer's log). */
export interface XrpLedgerDecodeLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

const HASH = /^[0-9A-Fa-f]{64}$/;
const ZERO_HASH = /^0{64}$/;
const UINT32_MAX = 0xffff_ffff;

/**
 * The header of a `ledger` answer (API v2), checked: a 64-hex hash and parent hash, an integer index,
 * and `validated: true` (the observer follows validated ledgers only; a ledger that is not validated
 * yet may still be replaced, so it is refused, and the watcher asks again later). The parent of the
 * first ledger (all-zero parent hash) is null.
 */
export function decodeXrpLedgerHeader(chainId: string, result: RippledLedgerResult): BlockHeader {
  const ledger = result?.ledger;
  if (typeof ledger !== 'object' || ledger === null) {
    throw new ChainBackendError(chainId, 'rippled answered a ledger without its header');
  }
  const { ledger_hash: hash, parent_hash: parent, ledger_index: height } = ledger;
  if (typeof hash !== 'string' || !HASH.test(hash) || typeof parent !== 'string' || !HASH.test(parent)) {
    throw new ChainBackendError(
      chainId,
      'rippled answered a ledger without a valid ledger_hash and parent_hash',
    );
  }
  if (typeof height !== 'number' || !Number.isSafeInteger(height) || height < 1) {
    throw new ChainBackendError(
      chainId,
      `rippled answered ledger_index ${JSON.stringify(height)}, not a number: is it answering API v1?`,
    );
  }
  if (result.validated !== true) {
    throw new ChainBackendError(chainId, `ledger ${height} (${hash}) is not validated yet`);
  }
  return { height, hash, parentHash: ZERO_HASH.test(parent) ? null : parent };
}

/**
 * Decodes a validated ledger from rippled's `ledger` answer (API v2, `transactions: true, expand:
 * true`) into the block the watcher matches: one output per successful XRP Payment.
 *
 * - Only `TransactionType: "Payment"` with `meta.TransactionResult: "tesSUCCESS"` counts: a failed
 *   transaction (`tec…`) only burnt its fee and delivered nothing.
 * - The amount credited is `meta.delivered_amount` (drops, a string), NEVER `Amount`/`DeliverMax`:
 *   a partial payment (tfPartialPayment) may name a large `Amount` and deliver a tiny fraction of it
 *   (the partial-payment exploit).
 * - `delivered_amount` as an object (an issued currency or MPT) is not XRP: skipped, and logged when
 *   the payment carries a destination tag (it may be a customer paying a token instead of XRP).
 *   `"unavailable"` (ledgers before 4594095) or a missing one: skipped and logged.
 * - A payment from an account to itself (a currency conversion) pays nobody: skipped.
 * - Output: `{ txid: hash, index: 0, matchKey: "<Destination>:<DestinationTag>" (or "<Destination>"
 *   without a tag), amount, account: Destination }`. A transaction has one destination, so
 *   (txid, 0) is unique.
 *
 * Throws {@link ChainBackendError} for an answer that is not this shape (transactions not expanded,
 * API v1 members, a malformed amount): the watcher retries rather than skipping a ledger.
 */
export function decodeXrpLedger(
  chainId: string,
  result: RippledLedgerResult,
  log?: XrpLedgerDecodeLog,
): ObservedBlock {
  const header = decodeXrpLedgerHeader(chainId, result);
  const transactions = result.ledger.transactions;
  if (!Array.isArray(transactions)) {
    throw new ChainBackendError(chainId, `rippled answered ledger ${header.height} without its transactions`);
  }
  const outputs: ObservedOutput[] = [];
  const strays: ObservedStray[] = [];
  for (const entry of transactions as readonly (RippledExpandedTransaction | string)[]) {
    if (typeof entry !== 'object' || entry === null || typeof entry.tx_json !== 'object' || !entry.meta) {
      throw new ChainBackendError(
        chainId,
        `ledger ${header.height}: transactions are not expanded API v2 members ({ tx_json, meta, hash })`,
      );
    }
    const { tx_json: tx, meta, hash } = entry;
    if (typeof hash !== 'string' || !HASH.test(hash)) {
      throw new ChainBackendError(chainId, `ledger ${header.height}: a transaction without a valid hash`);
    }
    if (meta.TransactionResult !== 'tesSUCCESS') continue;
    const stray = xrpStrayOf(hash, tx);
    if (stray) {
      strays.push(stray);
      continue;
    }
    if (tx.TransactionType !== 'Payment') continue;
    const destination = tx.Destination;
    if (typeof destination !== 'string' || !isValidClassicAddress(destination)) {
      throw new ChainBackendError(chainId, `payment ${hash}: no valid Destination`);
    }
    if (destination === tx.Account) continue;
    const delivered = meta.delivered_amount;
    if (typeof delivered === 'object' && delivered !== null) {
      // A token (issued currency or MPT), not XRP. Logged when it carries a destination tag, the only
      // kind that can be meant for a payment (every payment has one): a customer who sent a token
      // instead of XRP. Untagged token payments, the bulk of a busy ledger's, are skipped silently.
      if (tx.DestinationTag !== undefined) {
        log?.warn(
          {
            chainId,
            txid: hash,
            ledger: header.height,
            destination,
            destinationTag: tx.DestinationTag,
            deliveredAmount: delivered,
          },
          'xrp: a token payment (not XRP) to a destination tag is not counted',
        );
      }
      continue;
    }
    if (delivered === undefined || delivered === 'unavailable') {
      log?.warn(
        { chainId, txid: hash, ledger: header.height, destination, deliveredAmount: delivered ?? null },
        'xrp: a payment whose delivered amount rippled cannot tell is not counted',
      );
      continue;
    }
    let amount: bigint;
    try {
      amount = parseUnits(delivered, 0, { max: MAX_DROPS });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new ChainBackendError(
        chainId,
        `payment ${hash}: delivered_amount ${JSON.stringify(delivered)} is not drops`,
      );
    }
    const tag = tx.DestinationTag;
    if (
      tag !== undefined &&
      (typeof tag !== 'number' || !Number.isInteger(tag) || tag < 0 || tag > UINT32_MAX)
    ) {
      throw new ChainBackendError(
        chainId,
        `payment ${hash}: DestinationTag ${JSON.stringify(tag)} is not a uint32`,
      );
    }
    if (amount === 0n) continue;
    outputs.push({
      txid: hash,
      index: 0,
      matchKey: tag === undefined ? destination : `${destination}:${tag}`,
      amount,
      account: destination,
    });
  }
  return { ...header, outputs, ...(strays.length > 0 ? { strays } : {}) };
}

/**
 * An XRP Check (`CheckCreate`, its `SendMax`) or Escrow (`EscrowCreate`, its `Amount`) naming a
 * destination: money the destination does not have until it cashes the Check or the Escrow is
 * finished, reported as stray for the watcher to record when the destination is a merchant's account
 * (docs/stray-funds.md). Token Checks and Escrows (an amount object) are not XRP: none.
 */
function xrpStrayOf(hash: string, tx: RippledExpandedTransaction['tx_json']): ObservedStray | undefined {
  const kind =
    tx.TransactionType === 'CheckCreate'
      ? 'check'
      : tx.TransactionType === 'EscrowCreate'
        ? 'escrow'
        : undefined;
  if (kind === undefined) return undefined;
  const destination = tx.Destination;
  const drops = kind === 'check' ? tx.SendMax : tx.Amount;
  if (typeof destination !== 'string' || !isValidClassicAddress(destination) || destination === tx.Account) {
    return undefined;
  }
  if (typeof drops !== 'string') return undefined;
  let amount: bigint;
  try {
    amount = parseUnits(drops, 0, { max: MAX_DROPS });
  } catch {
    return undefined;
  }
  if (amount === 0n) return undefined;
  const tag = tx.DestinationTag;
  return {
    kind,
    txid: hash,
    index: 0,
    matchKey: typeof tag === 'number' ? `${destination}:${tag}` : destination,
    amount,
    account: destination,
  };
}
