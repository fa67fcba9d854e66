import { type ObservedOutput, parseUnits } from '@cairn/chain-core';
import { stellarMatchKey } from '../deriveStellarDepositTarget.js';
import type { HorizonPaymentRecord } from '../horizon/horizonTypes.js';
import { canonicalMuxedId, parseMuxedAddress } from '../muxedAccounts.js';
import { MAX_STROOPS, STELLAR_DECIMALS } from '../stellarUnits.js';
import { countedCoin } from './countedCoin.js';
import { readContractTransfers } from './readContractTransfers.js';

/** The Soroban operation type, whose asset transfers are read from `asset_balance_changes`. */
export const CONTRACT_CALL_TYPE = 'invoke_host_function';

/** The operation types that credit `to` with `amount` of one asset (path payments: the destination amount). */
export const CREDITING_PAYMENT_TYPES: ReadonlySet<string> = new Set([
  'payment',
  'path_payment_strict_receive',
  'path_payment_strict_send',
]);

/** What a payments-endpoint record means for the watcher. */
export type PaymentReading =
  | {
      readonly kind: 'outputs';
      /** One for a payment; any number for a Soroban call's asset transfers. */
      readonly outputs: readonly ObservedOutput[];
      /** The transaction has an ID memo that is no uint64 (never from a sane Horizon): matched on `to` alone. */
      readonly unreadableMemo?: true;
    }
  | {
      readonly kind: 'skipped';
      readonly reason: 'not-a-payment' | 'failed' | 'other-asset' | 'no-credit';
    };

/** Operation index within its transaction, from the operation id (a TOID: the low 12 bits, from 1). */
export function operationIndexOf(operationId: string): number {
  if (!/^[1-9][0-9]*$/.test(operationId)) throw new Error(`not an operation id: ${operationId}`);
  const order = Number(BigInt(operationId) & 0xfffn);
  if (order === 0) throw new Error(`operation id ${operationId} carries no operation index`);
  return order - 1;
}

/** The ledger sequence an operation id (TOID) belongs to: its high 32 bits. */
export function ledgerOfOperationId(operationId: string): number {
  return Number(BigInt(operationId) >> 32n);
}

/**
 * `to_muxed_id` as decimal digits: Horizon prints a string, its announcement of muxed accounts shows a
 * number (HorizonClient keeps such a number's digits as a string). A number JSON.parse may have
 * rounded (above 2^53) cannot be compared: undefined, the ID read from `to_muxed` stands alone.
 */
function muxedIdText(stated: string | number | undefined): string | undefined {
  if (typeof stated === 'number')
    return Number.isSafeInteger(stated) && stated >= 0 ? String(stated) : undefined;
  return stated;
}

/**
 * Reads one record of Horizon's payments or operations endpoint (with `join=transactions`) into watcher
 * outputs (any other operation type is skipped as `not-a-payment`):
 *
 * - `payment` and path payments (`path_payment_strict_receive`, `path_payment_strict_send`), whose
 *   `amount` is what `to` received, give one output; an `invoke_host_function` gives one per Stellar
 *   Asset Contract transfer to an account ({@link readContractTransfers}). `create_account` is
 *   skipped (a new account cannot be a merchant account that already exists, and it carries no muxed
 *   destination), as is `account_merge` (Horizon does not print the merged amount on the operation);
 * - only successful transactions (`transaction_successful`, and the joined transaction's
 *   `successful`): a failed one moved nothing;
 * - the asset is XLM (`native`, no coin symbol) or Circle's USDC: code `USDC` AND `usdcIssuer`; a USDC
 *   of any other issuer is another asset (anyone can issue one), skipped;
 * - match key: `${to}:${id}` for a muxed destination (the ID read from `to_muxed` itself, so ID 0,
 *   which Horizon leaves out of `to_muxed_id`, is still an ID; `to_muxed_id`, a string or a number,
 *   must agree with it), else `${to}:${memo}` for an ID memo,
 *   else `${to}`; `account` is `to`;
 * - txid: `transaction_hash`; index: the operation's index within its transaction.
 *
 * Throws when a record that counts is malformed (an amount that is not an exact 7-decimal amount, a
 * muxed destination that is not `to`'s, a payment without its joined transaction, whose memo would
 * otherwise be lost): the watcher retries rather than guessing.
 */
export function readPaymentRecord(record: HorizonPaymentRecord, usdcIssuer: string): PaymentReading {
  const classic = CREDITING_PAYMENT_TYPES.has(record.type);
  if (!classic && record.type !== CONTRACT_CALL_TYPE) return { kind: 'skipped', reason: 'not-a-payment' };
  if (record.transaction_successful !== true || record.transaction?.successful === false) {
    return { kind: 'skipped', reason: 'failed' };
  }
  if (record.transaction !== undefined && record.transaction.hash !== record.transaction_hash) {
    throw new Error(
      `operation ${record.id}: joined transaction ${record.transaction.hash} is not ${record.transaction_hash}`,
    );
  }
  const operationIndex = operationIndexOf(record.id);
  if (!classic) {
    const outputs = readContractTransfers(record, operationIndex, usdcIssuer);
    return outputs.length === 0 ? { kind: 'skipped', reason: 'no-credit' } : { kind: 'outputs', outputs };
  }
  const coin = countedCoin(record, usdcIssuer);
  if (coin === null) return { kind: 'skipped', reason: 'other-asset' };
  const to = record.to;
  if (typeof to !== 'string' || to === '') throw new Error(`payment ${record.id} has no destination`);
  if (typeof record.amount !== 'string') throw new Error(`payment ${record.id} has no amount`);
  if (record.transaction === undefined) {
    throw new Error(
      `payment ${record.id} comes without its transaction (join=transactions): its memo is unknown`,
    );
  }
  const amount = parseUnits(record.amount, STELLAR_DECIMALS, { max: MAX_STROOPS });

  let id: string | undefined;
  let unreadableMemo = false;
  if (record.to_muxed !== undefined && record.to_muxed !== '') {
    const muxed = parseMuxedAddress(record.to_muxed);
    if (muxed.account !== to) {
      throw new Error(
        `payment ${record.id}: muxed destination ${record.to_muxed} is not an address of ${to}`,
      );
    }
    const statedId = muxedIdText(record.to_muxed_id);
    if (statedId !== undefined && statedId !== muxed.id) {
      throw new Error(
        `payment ${record.id}: to_muxed_id ${JSON.stringify(record.to_muxed_id)} disagrees with ${record.to_muxed}`,
      );
    }
    id = muxed.id;
  } else if (record.transaction.memo_type === 'id') {
    const memo = canonicalMuxedId(record.transaction.memo ?? '');
    if (memo === null) unreadableMemo = true;
    else id = memo;
  }
  const output: ObservedOutput = {
    txid: record.transaction_hash,
    index: operationIndex,
    matchKey: stellarMatchKey(to, id),
    amount,
    account: to,
    ...(coin.coinSymbol === undefined ? {} : { coinSymbol: coin.coinSymbol }),
  };
  return unreadableMemo
    ? { kind: 'outputs', outputs: [output], unreadableMemo }
    : { kind: 'outputs', outputs: [output] };
}
