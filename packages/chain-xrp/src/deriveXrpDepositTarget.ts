import type { DepositTarget } from '@cairn/chain-core';
import { classicAddressToXAddress, isValidClassicAddress } from 'xrpl';
import { XrpAdapterError } from './XrpAdapterError.js';
import { usesTestXAddresses, type XrpChainId } from './xrpChains.js';

/** The largest payment index: its destination tag (index + 1) must stay a uint32. */
export const MAX_XRP_PAYMENT_INDEX = 0xffff_fffe;

/** Everything one XRP Ledger deposit target derives from. */
export interface XrpDepositTargetInput {
  readonly chainId: XrpChainId;
  /** The merchant's classic address, as stored by `validateXrpWallet`. */
  readonly address: string;
  /** The payment index the server allocated for this wallet, from 0. */
  readonly index: number;
}

/**
 * The destination tag of payment index `index`: `index + 1`, so tag 0 (which careless senders and
 * some wallets use as "no tag") never names a payment. Throws {@link XrpAdapterError}
 * `INVALID_DESTINATION_TAG` for an index that is not an integer from 0 to {@link MAX_XRP_PAYMENT_INDEX}.
 *
 * @example
 * destinationTagOf(0); // 1
 */
export function destinationTagOf(index: number): number {
  if (!Number.isInteger(index) || index < 0 || index > MAX_XRP_PAYMENT_INDEX) {
    throw new XrpAdapterError(
      'INVALID_DESTINATION_TAG',
      `payment index must be an integer from 0 to ${MAX_XRP_PAYMENT_INDEX} (its destination tag is index + 1, a uint32): got ${index}`,
    );
  }
  return index + 1;
}

/**
 * The deposit target of one payment: the merchant's classic address plus destination tag
 * `index + 1`. `memo` is the tag in decimal, `matchKey` is `${address}:${tag}` (what the observer
 * reports for a Payment to that address and tag), and `alternateAddress` is the X-address of the
 * address and tag for the chain's network (`X…` on XRP, `T…` on XRP_TESTNET), for wallets that take
 * one field. Pure, no I/O; the same input always gives the same target.
 *
 * @example
 * deriveXrpDepositTarget({ chainId: 'XRP', address: 'rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL', index: 0 });
 * // { address: 'rG31…', memo: '1', matchKey: 'rG31…:1', alternateAddress: 'X…' }
 */
export function deriveXrpDepositTarget({ chainId, address, index }: XrpDepositTargetInput): DepositTarget {
  const tag = destinationTagOf(index);
  if (!isValidClassicAddress(address)) {
    throw new XrpAdapterError(
      'INVALID_ADDRESS',
      `the stored wallet "${address}" is not a classic XRP Ledger address: validate it again`,
    );
  }
  return {
    address,
    memo: String(tag),
    matchKey: `${address}:${tag}`,
    alternateAddress: classicAddressToXAddress(address, tag, usesTestXAddresses(chainId)),
  };
}
