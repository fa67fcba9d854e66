import { type ObservedOutput, parseUnits } from '@cairn/chain-core';
import { StrKey } from '@stellar/stellar-sdk';
import { stellarMatchKey } from '../deriveStellarDepositTarget.js';
import type { HorizonPaymentRecord } from '../horizon/horizonTypes.js';
import { canonicalMuxedId, parseMuxedAddress } from '../muxedAccounts.js';
import { MAX_STROOPS, STELLAR_DECIMALS } from '../stellarUnits.js';
import { countedCoin } from './countedCoin.js';

/** Stellar caps a transaction at 100 operations (stellar-core `MAX_OPS_PER_TX`). */
export const MAX_OPERATIONS_PER_TRANSACTION = 100;

/** The SAC event types that credit `to`: a transfer, or a mint by the issuer. */
const CREDITING_EVENTS: ReadonlySet<string> = new Set(['transfer', 'mint']);

/**
 * Reads the credits of an `invoke_host_function` record (a Soroban call, e.g. a smart wallet paying
 * through an asset's Stellar Asset Contract): every `asset_balance_changes` entry of type `transfer`
 * or `mint` whose `to` is an account (`G...`, or a muxed `M...`) and whose asset is XLM or Circle's
 * USDC becomes an output. Match key: `${to}:${destination_muxed_id}` when the transfer went to a
 * muxed address (CAP-67), else `${to}`; Soroban transactions carry no memo that Horizon ties to a
 * transfer, so an ID memo is never read here. Credits to contracts `C...`, burns and clawbacks are
 * not payments to a merchant account and are skipped.
 *
 * Index: `position * 100 + operation index`, where `position` is the entry's place in
 * `asset_balance_changes`; as a transaction has at most 100 operations this never collides with
 * another credit of the same transaction (a classic payment, position 0, keeps its operation index).
 *
 * Throws when a credit that counts is malformed (an amount that is not an exact 7-decimal amount, a
 * muxed ID that disagrees with the `M...` address): the watcher retries rather than guessing.
 */
export function readContractTransfers(
  record: HorizonPaymentRecord,
  operationIndex: number,
  usdcIssuer: string,
): ObservedOutput[] {
  const changes = record.asset_balance_changes ?? [];
  if (!Array.isArray(changes)) throw new Error(`operation ${record.id}: asset_balance_changes is not a list`);
  const outputs: ObservedOutput[] = [];
  changes.forEach((change, position) => {
    if (!CREDITING_EVENTS.has(change.type) || typeof change.to !== 'string') return;
    const coin = countedCoin(change, usdcIssuer);
    if (coin === null) return;
    let account: string;
    let id: string | undefined;
    if (StrKey.isValidEd25519PublicKey(change.to)) {
      account = change.to;
    } else if (StrKey.isValidMed25519PublicKey(change.to)) {
      const muxed = parseMuxedAddress(change.to);
      account = muxed.account;
      id = muxed.id;
    } else {
      return; // a contract C... (or anything else that is no account)
    }
    if (change.destination_muxed_id !== undefined) {
      const muxedId = canonicalMuxedId(change.destination_muxed_id);
      if (muxedId === null || (id !== undefined && id !== muxedId)) {
        throw new Error(
          `operation ${record.id}: destination_muxed_id ${JSON.stringify(change.destination_muxed_id)} is not a uint64 ID of ${change.to}`,
        );
      }
      id = muxedId;
    }
    outputs.push({
      txid: record.transaction_hash,
      index: position * MAX_OPERATIONS_PER_TRANSACTION + operationIndex,
      matchKey: stellarMatchKey(account, id),
      amount: parseUnits(change.amount, STELLAR_DECIMALS, { max: MAX_STROOPS }),
      account,
      ...(coin.coinSymbol === undefined ? {} : { coinSymbol: coin.coinSymbol }),
    });
  });
  return outputs;
}
