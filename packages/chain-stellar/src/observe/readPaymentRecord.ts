import type { ObservedOutput } from '@cairn/chain-core';
import { stellarMatchKey } from '../deriveStellarDepositTarget.js';
import type { HorizonPaymentRecord } from '../horizon/horizonTypes.js';
import { canonicalMuxedId, parseMuxedAddress } from '../muxedAccounts.js';
import { USDC_ASSET_CODE } from '../stellarUsdc.js';
import { parseStroops } from '../stroops.js';

/** The operation types that credit `to` with `amount` of one asset (path payments: the destination amount). */
export const CREDITING_PAYMENT_TYPES: ReadonlySet<string> = new Set([
  'payment',
  'path_payment_strict_receive',
  'path_payment_strict_send',
]);

/** What a payments-endpoint record means for the watcher. */
export type PaymentReading =
  | {
      readonly kind: 'output';
      readonly output: ObservedOutput;
      /** The transaction has an ID memo that is no uint64 (never from a sane Horizon): matched on `to` alone. */
      readonly unreadableMemo?: true;
    }
  | { readonly kind: 'skipped'; readonly reason: 'not-a-payment' | 'failed' | 'other-asset' };

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
 * Reads one record of Horizon's payments endpoint (with `join=transactions`) into a watcher output:
 *
 * - only `payment` and path payments (`path_payment_strict_receive`, `path_payment_strict_send`)
 *   count, whose `amount` is what `to` received; `create_account` is skipped (a new account cannot
 *   be a merchant account that already exists, and it carries no muxed destination), as are
 *   `account_merge` (Horizon does not print the merged amount) and Soroban `invoke_host_function`;
 * - only successful transactions (`transaction_successful`, and the joined transaction's
 *   `successful`): a failed one moved nothing;
 * - the asset is XLM (`native`, no coin symbol) or Circle's USDC: code `USDC` AND `usdcIssuer`; a USDC
 *   of any other issuer is another asset (anyone can issue one), skipped;
 * - match key: `${to}:${id}` for a muxed destination (the ID read from `to_muxed` itself, so ID 0,
 *   which Horizon leaves out of `to_muxed_id`, is still an ID), else `${to}:${memo}` for an ID memo,
 *   else `${to}`; `account` is `to`;
 * - txid: `transaction_hash`; index: the operation's index within its transaction.
 *
 * Throws when a record that counts is malformed (an amount that is not an exact 7-decimal amount, a
 * muxed destination that is not `to`'s): the watcher retries rather than guessing.
 */
export function readPaymentRecord(record: HorizonPaymentRecord, usdcIssuer: string): PaymentReading {
  if (!CREDITING_PAYMENT_TYPES.has(record.type)) return { kind: 'skipped', reason: 'not-a-payment' };
  if (record.transaction_successful !== true || record.transaction?.successful === false) {
    return { kind: 'skipped', reason: 'failed' };
  }
  let coinSymbol: string | undefined;
  if (record.asset_type === 'native') coinSymbol = undefined;
  else if (record.asset_code === USDC_ASSET_CODE && record.asset_issuer === usdcIssuer)
    coinSymbol = USDC_ASSET_CODE;
  else return { kind: 'skipped', reason: 'other-asset' };
  const to = record.to;
  if (typeof to !== 'string' || to === '') throw new Error(`payment ${record.id} has no destination`);
  if (typeof record.amount !== 'string') throw new Error(`payment ${record.id} has no amount`);
  const amount = parseStroops(record.amount);

  let id: string | undefined;
  let unreadableMemo = false;
  if (record.to_muxed !== undefined && record.to_muxed !== '') {
    const muxed = parseMuxedAddress(record.to_muxed);
    if (muxed.account !== to) {
      throw new Error(
        `payment ${record.id}: muxed destination ${record.to_muxed} is not an address of ${to}`,
      );
    }
    if (record.to_muxed_id !== undefined && record.to_muxed_id !== muxed.id) {
      throw new Error(
        `payment ${record.id}: to_muxed_id ${record.to_muxed_id} disagrees with ${record.to_muxed}`,
      );
    }
    id = muxed.id;
  } else if (record.transaction?.memo_type === 'id') {
    const memo = canonicalMuxedId(record.transaction.memo ?? '');
    if (memo === null) unreadableMemo = true;
    else id = memo;
  }
  const output: ObservedOutput = {
    txid: record.transaction_hash,
    index: operationIndexOf(record.id),
    matchKey: stellarMatchKey(to, id),
    amount,
    account: to,
    ...(coinSymbol === undefined ? {} : { coinSymbol }),
  };
  return unreadableMemo ? { kind: 'output', output, unreadableMemo } : { kind: 'output', output };
}
