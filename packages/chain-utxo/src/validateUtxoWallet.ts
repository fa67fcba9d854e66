import bs58check from 'bs58check';
import { bip32 } from './secp256k1Bip32.js';
import {
  convertExtendedKeyVersion,
  describeScript,
  describeSlip132,
  EXTENDED_KEY_LENGTH,
  findSlip132ByVersion,
  type ScriptKind,
  type Slip132Version,
  withArticle,
} from './slip132.js';
import type { UtxoAdapterErrorCode } from './UtxoAdapterError.js';
import { isUtxoChainId, UTXO_CHAINS, type UtxoChainId } from './utxoChains.js';

/** What the merchant pasted for one UTXO chain. */
export interface ValidateUtxoWalletInput {
  readonly chainId: string;
  readonly value: string;
}

/** An accepted account-level extended public key. */
export interface ExtendedKeyAccepted {
  readonly ok: true;
  /** The key as given, trimmed. Store this. */
  readonly normalized: string;
  readonly kind: ScriptKind;
  /** e.g. `Valid vpub (native SegWit)`. */
  readonly outcome: string;
  readonly chainId: UtxoChainId;
  /** The SLIP-132 version the key carries. */
  readonly variant: Slip132Version;
  /** The same key re-encoded with the chain network's standard bip32 version, which bip32 parses. */
  readonly standardKey: string;
}

/** A rejected wallet value, with a stable code and a message the merchant can act on. */
export interface ExtendedKeyRejected {
  readonly ok: false;
  readonly code: Extract<
    UtxoAdapterErrorCode,
    | 'UNSUPPORTED_CHAIN'
    | 'INVALID_EXTENDED_KEY'
    | 'PRIVATE_KEY_REJECTED'
    | 'WRONG_XPUB_VARIANT'
    | 'NOT_ACCOUNT_LEVEL'
  >;
  readonly message: string;
}

export type ExtendedKeyValidation = ExtendedKeyAccepted | ExtendedKeyRejected;

const NEVER_PASTE =
  'Never paste a private key or recovery phrase anywhere: anyone who sees it can spend your funds. ' +
  'If you pasted it somewhere, move the funds to a new wallet.';

const ACCOUNT_DEPTH = 3;
const PURPOSES: Record<ScriptKind, number> = { p2pkh: 44, 'p2sh-p2wpkh': 49, p2wpkh: 84 };
const DEPTH_NAMES = ['a master key', 'a purpose-level key', 'a coin-level key'];

const reject = (code: ExtendedKeyRejected['code'], message: string): ExtendedKeyRejected => ({
  ok: false,
  code,
  message,
});

function listPrefixes(prefixes: readonly string[]): string {
  if (prefixes.length <= 1) return prefixes.join('');
  return `${prefixes.slice(0, -1).join(', ')} or ${prefixes.at(-1)}`;
}

/** 12 to 24 lower-case words: a BIP-39 recovery phrase, which must never reach us. */
function looksLikeMnemonic(value: string): boolean {
  const words = value.split(/\s+/);
  return words.length >= 12 && words.length <= 24 && words.every((word) => /^[a-z]+$/.test(word));
}

/** A base58check WIF private key: 33 bytes, or 34 with the compression flag 0x01. */
function looksLikeWif(payload: Uint8Array): boolean {
  return payload.length === 33 || (payload.length === 34 && payload[33] === 0x01);
}

function describeDepth(depth: number): string {
  if (depth < ACCOUNT_DEPTH) return DEPTH_NAMES[depth] ?? `a depth-${depth} key`;
  if (depth === 4) return 'a change-level key, one level below the account';
  return 'an address-level key';
}

/**
 * Validates a merchant's extended public key for a UTXO chain: base58check, not a private key, a
 * SLIP-132 variant the chain and mode accept, account level (depth 3), a valid curve point. Pure.
 *
 * @example
 * validateUtxoWallet({ chainId: 'BTC', value: 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs' });
 * // { ok: true, kind: 'p2wpkh', outcome: 'Valid zpub (native SegWit)', ... }
 */
export function validateUtxoWallet({ chainId, value }: ValidateUtxoWalletInput): ExtendedKeyValidation {
  if (!isUtxoChainId(chainId)) {
    return reject(
      'UNSUPPORTED_CHAIN',
      `${chainId} is not a UTXO chain (BTC, LTC, BCH or DOGE, mainnet or test)`,
    );
  }
  const params = UTXO_CHAINS[chainId];
  const expected = `${chainId} expects an account-level ${listPrefixes(params.acceptedPrefixes)}`;
  const trimmed = value.trim();
  if (trimmed === '') return reject('INVALID_EXTENDED_KEY', `${expected}; got an empty value.`);
  if (looksLikeMnemonic(trimmed)) {
    return reject('PRIVATE_KEY_REJECTED', `This looks like a recovery phrase. ${NEVER_PASTE} ${expected}.`);
  }

  let payload: Uint8Array;
  try {
    payload = bs58check.decode(trimmed);
  } catch {
    const why = /^[1-9A-HJ-NP-Za-km-z]+$/.test(trimmed)
      ? 'its checksum does not match (a typo or a truncated copy?)'
      : 'it is not base58 (an address or some other text?)';
    return reject('INVALID_EXTENDED_KEY', `This is not a valid extended public key: ${why}. ${expected}.`);
  }

  if (payload.length !== EXTENDED_KEY_LENGTH) {
    if (looksLikeWif(payload)) {
      return reject(
        'PRIVATE_KEY_REJECTED',
        `This looks like a private key (WIF). ${NEVER_PASTE} ${expected}.`,
      );
    }
    const what = payload.length === 21 ? 'an address' : `${payload.length} bytes of base58check data`;
    return reject('INVALID_EXTENDED_KEY', `This is ${what}, not an extended public key. ${expected}.`);
  }

  const version = new DataView(payload.buffer, payload.byteOffset, payload.byteLength).getUint32(0, false);
  const variant = findSlip132ByVersion(version);
  if (variant?.isPrivate) {
    return reject(
      'PRIVATE_KEY_REJECTED',
      `This is an extended private key (${variant.prefix}). ${NEVER_PASTE} ${expected}.`,
    );
  }
  if (!variant) {
    const hex = `0x${version.toString(16).padStart(8, '0')}`;
    return reject('WRONG_XPUB_VARIANT', `${expected}; got an extended key with unknown version bytes ${hex}`);
  }
  if (!params.acceptedPrefixes.includes(variant.prefix)) {
    const multisig = variant.script.startsWith('multisig') ? '. Multisig wallets are not supported.' : '';
    return reject(
      'WRONG_XPUB_VARIANT',
      `${expected}; got ${withArticle(variant.prefix)} (${describeSlip132(variant)})${multisig}`,
    );
  }
  const kind = variant.script as ScriptKind;

  const depth = payload[4] ?? 0;
  if (depth !== ACCOUNT_DEPTH) {
    const path = `m/${PURPOSES[kind]}'/${params.coinType}'/0'`;
    return reject(
      'NOT_ACCOUNT_LEVEL',
      `Expected an account-level key (depth 3, like ${path}); this ${variant.prefix} is ${describeDepth(depth)} ` +
        `(depth ${depth}). Export the account's extended public key from your wallet.`,
    );
  }

  const standardKey = convertExtendedKeyVersion(trimmed, params.network.bip32.public);
  try {
    bip32.fromBase58(standardKey, params.network);
  } catch {
    return reject(
      'INVALID_EXTENDED_KEY',
      `This ${variant.prefix} does not hold a valid public key. ${expected}.`,
    );
  }

  const label = params.cashAddrPrefix !== undefined ? 'P2PKH, CashAddr' : describeScript(kind);
  return {
    ok: true,
    normalized: trimmed,
    kind,
    outcome: `Valid ${variant.prefix} (${label})`,
    chainId,
    variant,
    standardKey,
  };
}
