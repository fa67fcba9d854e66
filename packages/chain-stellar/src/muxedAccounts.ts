import { Account, MuxedAccount, StrKey } from '@stellar/stellar-sdk';
import { StellarAdapterError } from './StellarAdapterError.js';

/** The largest muxed-account ID (and ID memo): IDs are uint64. */
export const MAX_MUXED_ID = 2n ** 64n - 1n;

/** A muxed `M...` address taken apart: the `G...` account that holds the funds and the uint64 ID. */
export interface MuxedAddressParts {
  readonly account: string;
  /** The ID as a canonical decimal string (no sign, no leading zeros). */
  readonly id: string;
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * Reads a uint64 ID (a muxed-account ID or an ID memo) given as a decimal string or bigint, into its
 * canonical decimal form; null when it is not one (a sign, leading zeros, out of range, not digits).
 */
export function canonicalMuxedId(id: string | bigint): string | null {
  const text = typeof id === 'bigint' ? id.toString() : id;
  if (!DECIMAL.test(text)) return null;
  return BigInt(text) <= MAX_MUXED_ID ? text : null;
}

/**
 * The muxed `M...` address (SEP-23, CAP-27) of `account` and `id`, built with the SDK's
 * `MuxedAccount`. Payments to it credit `account`; Horizon reports the ID as `to_muxed_id`.
 */
export function muxedAddressOf(account: string, id: string | bigint): string {
  if (!StrKey.isValidEd25519PublicKey(account)) {
    throw new StellarAdapterError('INVALID_ADDRESS', `not a Stellar account (G...): ${account}`);
  }
  const canonical = canonicalMuxedId(id);
  if (canonical === null) {
    throw new StellarAdapterError(
      'INVALID_MUXED_ID',
      `a muxed-account ID is a uint64 in decimal (0 to ${MAX_MUXED_ID}): got ${String(id)}`,
    );
  }
  return new MuxedAccount(new Account(account, '0'), canonical).accountId();
}

/** Takes a muxed `M...` address apart (SDK `MuxedAccount.fromAddress`); throws for anything else. */
export function parseMuxedAddress(address: string): MuxedAddressParts {
  if (!StrKey.isValidMed25519PublicKey(address)) {
    throw new StellarAdapterError('INVALID_ADDRESS', `not a muxed Stellar address (M...): ${address}`);
  }
  const muxed = MuxedAccount.fromAddress(address, '0');
  return { account: muxed.baseAccount().accountId(), id: BigInt(muxed.id()).toString() };
}
