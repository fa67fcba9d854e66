import { type ObservedStray, parseUnits } from '@cairn/chain-core';
import { StrKey } from '@stellar/stellar-sdk';
import { stellarMatchKey } from '../deriveStellarDepositTarget.js';
import type { HorizonOperationRecord } from '../horizon/horizonTypes.js';
import { canonicalMuxedId } from '../muxedAccounts.js';
import { MAX_STROOPS, STELLAR_DECIMALS } from '../stellarUnits.js';
import { countedCoin, type HorizonAssetFields } from './countedCoin.js';
import { operationIndexOf } from './readPaymentRecord.js';

/** The operation that creates a claimable balance. */
export const CREATE_CLAIMABLE_BALANCE_TYPE = 'create_claimable_balance';

/**
 * A SEP-11 asset string as Horizon prints it on a `create_claimable_balance` (`native`, or
 * `CODE:ISSUER`) in the fields payments carry, so {@link countedCoin} can judge it; null when it is
 * neither.
 */
export function assetOfSep11(asset: string | undefined): HorizonAssetFields | null {
  if (asset === 'native') return { asset_type: 'native' };
  if (typeof asset !== 'string') return null;
  const match = /^([A-Za-z0-9]{1,12}):(G[A-Z2-7]{55})$/.exec(asset);
  if (!match) return null;
  const [, code, issuer] = match as unknown as [string, string, string];
  return {
    asset_type: code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
    asset_code: code,
    asset_issuer: issuer,
  };
}

/**
 * Reads a `create_claimable_balance` record of a ledger's operations (with `join=transactions`) into
 * stray funds of kind `claimable_balance` (docs/stray-funds.md): money that waits, in the ledger, for
 * one of its claimants to claim it; it is no payment and never counts toward one. One stray per
 * claimant account (`G...`) other than the operation's source (a sender naming itself to take the
 * money back, or a merchant refunding a customer), which the watcher keeps when the account is one
 * merchants take payments on:
 *
 * - only successful transactions; the asset is XLM or Circle's USDC (code `USDC` AND `usdcIssuer`, as
 *   for payments); any other asset gives nothing;
 * - `amount` is the balance's whole amount (7 decimals);
 * - txid: `transaction_hash`; index: the operation's index within its transaction, as a payment's (a
 *   transaction's operations have distinct indexes, so it never collides with a payment's row of the
 *   same transaction); the claimants of one balance share it, as they share the one balance;
 * - match key: `${claimant}:${memo}` when the transaction has an ID memo (shown as the row's tag),
 *   else the claimant; `account`: the claimant.
 *
 * The claimants' predicates are not read: a balance the merchant may claim only later, or no longer,
 * is reported all the same. Anything else than a `create_claimable_balance` gives nothing. Throws when
 * a balance that counts has an amount that is not an exact 7-decimal amount: the watcher retries
 * rather than guessing.
 */
export function readClaimableBalance(record: HorizonOperationRecord, usdcIssuer: string): ObservedStray[] {
  if (record.type !== CREATE_CLAIMABLE_BALANCE_TYPE) return [];
  if (record.transaction_successful !== true || record.transaction?.successful === false) return [];
  const asset = assetOfSep11(record.asset);
  const coin = asset === null ? null : countedCoin(asset, usdcIssuer);
  if (coin === null) return [];
  const claimants = record.claimants ?? [];
  if (!Array.isArray(claimants)) throw new Error(`operation ${record.id}: claimants is not a list`);
  if (typeof record.amount !== 'string') throw new Error(`claimable balance ${record.id} has no amount`);
  const amount = parseUnits(record.amount, STELLAR_DECIMALS, { max: MAX_STROOPS });
  if (amount === 0n) return [];
  const index = operationIndexOf(record.id);
  const memo =
    record.transaction?.memo_type === 'id'
      ? (canonicalMuxedId(record.transaction.memo ?? '') ?? undefined)
      : undefined;
  const strays: ObservedStray[] = [];
  const seen = new Set<string>();
  for (const claimant of claimants) {
    const account = claimant?.destination;
    if (typeof account !== 'string' || !StrKey.isValidEd25519PublicKey(account)) continue;
    if (account === record.source_account || seen.has(account)) continue;
    seen.add(account);
    strays.push({
      kind: 'claimable_balance',
      txid: record.transaction_hash,
      index,
      matchKey: stellarMatchKey(account, memo),
      amount,
      account,
      ...(coin.coinSymbol === undefined ? {} : { coinSymbol: coin.coinSymbol }),
    });
  }
  return strays;
}
