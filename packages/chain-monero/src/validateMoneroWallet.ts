import type { WalletInput, WalletValidation } from '@cairn/chain-core';
import { MoneroAdapterError, type MoneroAdapterErrorCode } from './MoneroAdapterError.js';
import { isMoneroChainId, MONERO_ADDRESS_LEADS, moneroChainName, moneroNetworkOf } from './moneroChains.js';
import { parsePrivateKeyHex, publicKeyHexOf } from './moneroKeys.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';

/** A rejected Monero wallet: a stable code and a message the merchant can act on. */
export type MoneroWalletRejected = Extract<WalletValidation, { ok: false }> & {
  readonly code: MoneroAdapterErrorCode;
};

const FORMAT = '<primary address>:<private view key>';
const NEVER_SPEND =
  'Cairn needs the private view key, which can only see incoming payments, and must never be given ' +
  'the spend key or the seed: anyone who sees them can spend your funds. If you pasted it somewhere, ' +
  'move the funds to a new wallet.';

const reject = (code: MoneroAdapterErrorCode, message: string): MoneroWalletRejected => ({
  ok: false,
  code,
  message,
});

/** 12 to 25 lower-case words: a Monero (25 words), MyMonero (13) or Polyseed (16) recovery phrase. */
function looksLikeSeed(parts: readonly string[]): boolean {
  return parts.length >= 12 && parts.length <= 25 && parts.every((word) => /^\p{Ll}+$/u.test(word));
}

const isHexKey = (text: string) => /^[0-9a-fA-F]{64}$/.test(text);

/**
 * Validates a merchant's Monero wallet: the PRIMARY (standard) address and its PRIVATE VIEW KEY, given
 * as `<primary address>:<private view key hex>` (a space or a line break between them also does; so
 * does the other order). Checks the address (checksum, the chain's network, a standard address: a
 * subaddress or integrated address is refused), the view key (64 hex, a canonical non-zero scalar) and
 * that viewKey·G is the address's public view key. A key whose viewKey·G is the public SPEND key is
 * the spend key, refused with `SPEND_KEY_GIVEN`. Stores `address:viewkey` with the key in lower case.
 * Pure, no I/O.
 *
 * @example
 * validateMoneroWallet({ chainId: 'XMR_REGTEST', value: `${primaryAddress} ${privateViewKey}` });
 * // { ok: true, normalized: '4…:…', kind: 'view-key', outcome: 'Primary address and private view key verified' }
 */
export function validateMoneroWallet(input: WalletInput): WalletValidation {
  const { chainId } = input;
  if (!isMoneroChainId(chainId)) return reject('UNSUPPORTED_CHAIN', `${chainId} is not a Monero chain.`);
  const network = moneroNetworkOf(chainId);
  const name = moneroChainName(chainId);
  const lead = MONERO_ADDRESS_LEADS[network].standard;
  const parts = input.value
    .trim()
    .split(/[\s:]+/)
    .filter((part) => part !== '');

  if (looksLikeSeed(parts)) {
    return reject('SEED_GIVEN', `This looks like a recovery phrase (seed). ${NEVER_SPEND}`);
  }
  if (parts.length === 0) {
    return reject('INVALID_WALLET', `Enter your ${name} wallet as ${FORMAT}.`);
  }
  if (parts.length === 1) {
    if (isHexKey(parts[0]!)) {
      return reject(
        'MISSING_ADDRESS',
        `Give your primary address (starting with ${lead}) too, then the private view key: ${FORMAT}.`,
      );
    }
    try {
      parseMoneroAddress(parts[0]!, { chainId });
    } catch (error) {
      if (error instanceof MoneroAdapterError) return reject(error.code, error.message);
      throw error;
    }
    return reject(
      'MISSING_VIEW_KEY',
      `Give the private view key too (in your wallet's keys section), after the address: ${FORMAT}.`,
    );
  }
  if (parts.length > 2) {
    return reject('INVALID_WALLET', `Enter exactly two things, ${FORMAT}; found ${parts.length}.`);
  }
  const [addressText, keyText] =
    isHexKey(parts[0]!) && !isHexKey(parts[1]!) ? [parts[1]!, parts[0]!] : [parts[0]!, parts[1]!];

  let address: ReturnType<typeof parseMoneroAddress>;
  try {
    address = parseMoneroAddress(addressText, { chainId });
  } catch (error) {
    if (error instanceof MoneroAdapterError) return reject(error.code, error.message);
    throw error;
  }
  if (address.kind !== 'standard') {
    return reject(
      'NOT_PRIMARY_ADDRESS',
      `This is ${address.kind === 'subaddress' ? 'a subaddress' : 'an integrated address'}; give the wallet's ` +
        `primary address instead (starting with ${lead} on ${network}; in your wallet, account #0 address #0).`,
    );
  }
  const mismatch = (hint: string) =>
    reject(
      'VIEW_KEY_MISMATCH',
      `This key does not belong to this address: give the private view key (not the spend key) of this primary address. ${hint}`,
    );
  // A public key as LE scalar is usually not canonical: catch it before the scalar check.
  const lowerKey = keyText.toLowerCase();
  if (lowerKey === address.publicViewKey || lowerKey === address.publicSpendKey) {
    return mismatch(
      'You gave a public key; Cairn needs the private view key (in your wallet: keys, "secret view key").',
    );
  }
  const viewScalar = parsePrivateKeyHex(keyText);
  if (viewScalar === undefined) {
    return reject(
      'INVALID_VIEW_KEY',
      isHexKey(keyText)
        ? 'This is not a Monero private view key: 64 hex characters, but not a valid (reduced) private key.'
        : 'The private view key is 64 hexadecimal characters (0-9, a-f); check for a missing or extra character.',
    );
  }
  const derived = publicKeyHexOf(viewScalar);
  if (derived === address.publicSpendKey) {
    return reject('SPEND_KEY_GIVEN', `This is your private spend key. ${NEVER_SPEND}`);
  }
  if (derived !== address.publicViewKey) {
    return mismatch('Check that the key and the address come from the same wallet.');
  }
  return {
    ok: true,
    normalized: `${address.address}:${lowerKey}`,
    kind: 'view-key',
    outcome: 'Primary address and private view key verified',
  };
}
