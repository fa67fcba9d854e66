import * as ecc from '@bitcoinerlab/secp256k1';
import type { ChainAdapter } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import { address as bitcoinAddress } from 'bitcoinjs-lib';
import { CashAddrError, decodeCashAddr } from './cashAddr.js';
import { isUtxoChainId, UTXO_CHAINS } from './utxoChains.js';

/** chain-core's `AddressValidation` (its index does not export the type yet). */
type AddressValidation = ReturnType<NonNullable<ChainAdapter['validateAddress']>>;

const MAX_ADDRESS_LENGTH = 128;

const invalid = (code: string, message: string): AddressValidation => ({ ok: false, code, message });

function validateCashAddr(prefix: string, name: string, text: string): AddressValidation {
  let decoded: ReturnType<typeof decodeCashAddr>;
  try {
    decoded = decodeCashAddr(text, prefix);
  } catch (error) {
    if (error instanceof CashAddrError) {
      return invalid(
        'INVALID_ADDRESS',
        `This is not a valid ${name} address (${error.message}). Use a CashAddr address starting with ${prefix}:q or ${prefix}:p.`,
      );
    }
    throw error;
  }
  if (decoded.prefix !== prefix) {
    return invalid(
      'WRONG_NETWORK',
      `This address is for another network (${decoded.prefix}:); a ${name} address starts with ${prefix}:.`,
    );
  }
  // P2PKH and P2SH carry 20-byte hashes; P2SH32 (32 bytes) exists since the May 2023 upgrade.
  const sizeOk = decoded.hash.length === 20 || (decoded.type === 'p2sh' && decoded.hash.length === 32);
  if (!sizeOk) return invalid('INVALID_ADDRESS', `This ${name} address has an unusual hash length.`);
  return { ok: true, normalized: `${prefix}:${text.toLowerCase().replace(/^.*:/, '')}` };
}

function validateBech32(
  network: { bech32: string },
  name: string,
  text: string,
): AddressValidation | undefined {
  let decoded: ReturnType<typeof bitcoinAddress.fromBech32>;
  try {
    decoded = bitcoinAddress.fromBech32(text);
  } catch {
    return undefined;
  }
  if (network.bech32 === '') {
    return invalid('WRONG_NETWORK', `${name} has no SegWit addresses; this one is for another network.`);
  }
  if (decoded.prefix !== network.bech32) {
    return invalid(
      'WRONG_NETWORK',
      `This address is for another network (${decoded.prefix}1…); a ${name} address starts with ${network.bech32}1.`,
    );
  }
  const { version, data } = decoded;
  const known =
    (version === 0 && (data.length === 20 || data.length === 32)) ||
    (version === 1 && data.length === 32 && ecc.isXOnlyPoint(data));
  if (!known) {
    return invalid(
      'UNSUPPORTED_ADDRESS',
      `This ${name} address uses a script version wallets cannot spend yet (witness v${version}); use another address.`,
    );
  }
  return { ok: true, normalized: text.toLowerCase() };
}

/**
 * Validates an address a customer typed for a UTXO chain (a refund address): base58check with the
 * chain's own P2PKH/P2SH versions, bech32 (SegWit v0) or bech32m (Taproot) with the chain's prefix, and
 * CashAddr with the chain's prefix on Bitcoin Cash. Legacy forms that other chains share (Litecoin's
 * `3…`/`2…` P2SH, Bitcoin Cash's base58 addresses) are refused: a Bitcoin address pasted by mistake
 * would pass as one. Pure, no I/O.
 *
 * @example
 * validateUtxoAddress('LTC_REGTEST', 'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg');
 * // { ok: true, normalized: 'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg' }
 */
export function validateUtxoAddress(chainId: string, input: string): AddressValidation {
  if (!isUtxoChainId(chainId)) return invalid('UNSUPPORTED_CHAIN', `${chainId} is not a UTXO chain.`);
  const params = UTXO_CHAINS[chainId];
  const name = getChain(chainId)?.name ?? chainId;
  const text = input.trim();
  if (text === '') return invalid('INVALID_ADDRESS', `Enter a ${name} address.`);
  if (text.length > MAX_ADDRESS_LENGTH || !/^[0-9A-Za-z:]+$/.test(text)) {
    return invalid(
      'INVALID_ADDRESS',
      `This is not a ${name} address: it has characters addresses never have.`,
    );
  }
  if (params.cashAddrPrefix !== undefined) return validateCashAddr(params.cashAddrPrefix, name, text);

  const bech32 = validateBech32(params.network, name, text);
  if (bech32) return bech32;

  let decoded: ReturnType<typeof bitcoinAddress.fromBase58Check>;
  try {
    decoded = bitcoinAddress.fromBase58Check(text);
  } catch {
    return invalid('INVALID_ADDRESS', `This is not a valid ${name} address (check for a typo).`);
  }
  if (decoded.version !== params.network.pubKeyHash && decoded.version !== params.network.scriptHash) {
    return invalid(
      'WRONG_NETWORK',
      `This address is for another network or coin; it is not a ${name} address.`,
    );
  }
  return { ok: true, normalized: text };
}
