import { StrKey } from '@stellar/stellar-sdk';
import type { StellarAdapterErrorCode } from './StellarAdapterError.js';

/** Why a string is not a plain Stellar account, with a message a person can act on. */
export interface StellarAccountRejected {
  readonly ok: false;
  readonly code: StellarAdapterErrorCode;
  readonly message: string;
}

/** What a string typed as a Stellar address turned out to be. */
export type StellarAddressReading =
  | {
      readonly ok: true;
      readonly kind: 'account';
      readonly normalized: string;
      readonly canonicalized: boolean;
    }
  | {
      readonly ok: true;
      readonly kind: 'muxed';
      readonly normalized: string;
      readonly canonicalized: boolean;
      /** The `G...` account behind the muxed address. */
      readonly account: string;
    }
  | StellarAccountRejected;

/** StrKeys are 56 characters of RFC 4648 base32 (A-Z, 2-7); muxed `M...` keys are 69. */
const STRKEY = /^[A-Z2-7]+$/;
const ACCOUNT_LENGTH = 56;
const MUXED_LENGTH = 69;

/**
 * Reads a string typed as a Stellar address with the SDK's StrKey checks (version byte, length,
 * CRC16 checksum): an account `G...` or a muxed address `M...` is accepted (trimmed, upper-cased);
 * a secret seed `S...`, a contract `C...` or anything else is refused with a code and a message
 * saying what was expected. No I/O.
 */
export function readStellarAddress(value: string, network: string): StellarAddressReading {
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase();
  const canonicalized = upper !== value;
  const expected = `a Stellar ${network} account address: 56 characters starting with G`;
  if (upper.startsWith('S') && upper.length === ACCOUNT_LENGTH) {
    return {
      ok: false,
      code: 'SECRET_SEED_GIVEN',
      message:
        'this is a Stellar secret seed (S...), which controls the account: never paste it anywhere. ' +
        'Treat it as exposed and move the funds to a new account; then give that account’s public ' +
        'address, 56 characters starting with G',
    };
  }
  if (!STRKEY.test(upper)) {
    return { ok: false, code: 'INVALID_ADDRESS', message: `not a Stellar address: expected ${expected}` };
  }
  if (upper.startsWith('G') && upper.length === ACCOUNT_LENGTH) {
    if (StrKey.isValidEd25519PublicKey(upper)) {
      return { ok: true, kind: 'account', normalized: upper, canonicalized };
    }
    return {
      ok: false,
      code: 'CHECKSUM_MISMATCH',
      message: `this G... address fails its checksum (a typo?): copy ${expected} again from your wallet`,
    };
  }
  if (upper.startsWith('M') && upper.length === MUXED_LENGTH) {
    if (StrKey.isValidMed25519PublicKey(upper)) {
      const account = StrKey.encodeEd25519PublicKey(StrKey.decodeMed25519PublicKey(upper).subarray(0, 32));
      return { ok: true, kind: 'muxed', normalized: upper, canonicalized, account };
    }
    return {
      ok: false,
      code: 'CHECKSUM_MISMATCH',
      message: 'this M... address fails its checksum (a typo?): copy it again from your wallet',
    };
  }
  if (upper.startsWith('C') && upper.length === ACCOUNT_LENGTH && StrKey.isValidContract(upper)) {
    return {
      ok: false,
      code: 'CONTRACT_ADDRESS_GIVEN',
      message: `this is a Soroban contract address (C...), which cannot take classic payments: give ${expected}`,
    };
  }
  return { ok: false, code: 'INVALID_ADDRESS', message: `not a Stellar address: expected ${expected}` };
}
