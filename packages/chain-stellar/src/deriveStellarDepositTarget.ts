import type { DepositTarget, DeriveDepositTargetInput } from '@cairn/chain-core';
import { muxedAddressOf } from './muxedAccounts.js';
import { StellarAdapterError } from './StellarAdapterError.js';
import { stellarNetworkOf } from './stellarChains.js';
import { validateStellarWallet } from './validateStellarWallet.js';

/** A Stellar deposit target: the merchant's account, an ID memo, and the muxed address of both. */
export interface StellarDepositTarget extends DepositTarget {
  /** The merchant's account `G...`. */
  readonly address: string;
  /** The payment's ID, the `MEMO_ID` to send with a payment to `address` (uint64 in decimal). */
  readonly memo: string;
  /** `${account}:${id}`, what the observer reports for a payment carrying that ID either way. */
  readonly matchKey: string;
  /** The muxed `M...` address of (account, id): the same target for wallets that take M addresses. */
  readonly alternateAddress: string;
}

/** The match key of a payment to `account` carrying `id` (muxed ID or ID memo); `account` alone without. */
export function stellarMatchKey(account: string, id?: string): string {
  return id === undefined ? account : `${account}:${id}`;
}

/**
 * Derives a payment's deposit target on Stellar: payment index i is ID i + 1 on the merchant's
 * account (ID 0 is left out, so a payment never looks like the bare account a merchant publishes
 * elsewhere). The customer pays either the account with that ID as a `MEMO_ID`, or the muxed address
 * of (account, ID); both reach the same account and both are reported under the match key
 * `${account}:${id}`. Pure, no I/O.
 */
export function deriveStellarDepositTarget({
  chain,
  wallet,
  index,
}: DeriveDepositTargetInput): StellarDepositTarget {
  stellarNetworkOf(chain.id);
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new StellarAdapterError(
      'INVALID_PAYMENT_INDEX',
      `payment index must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}: got ${index}`,
    );
  }
  const validation = validateStellarWallet({ chainId: chain.id, value: wallet });
  if (!validation.ok) {
    throw new StellarAdapterError(
      'INVALID_WALLET',
      `the stored wallet is not a Stellar account: ${validation.message}`,
    );
  }
  const account = validation.normalized;
  const id = (BigInt(index) + 1n).toString();
  return {
    address: account,
    memo: id,
    matchKey: stellarMatchKey(account, id),
    alternateAddress: muxedAddressOf(account, id),
  };
}
