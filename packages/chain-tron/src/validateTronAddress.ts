import type { ChainAdapter } from '@cairn/chain-core';
import { parseTronAddress } from './parseTronAddress.js';

/** The outcome type of `ChainAdapter.validateAddress` (not exported by name from `@cairn/chain-core`). */
type AddressValidation = ReturnType<NonNullable<ChainAdapter['validateAddress']>>;

/**
 * Validates an address a customer typed for `chainId` (a refund address): base58check `T…` or `41…`
 * hex, stored as base58check; refusals as `parseTronAddress` (private key, Ethereum 0x address, bad
 * checksum, zero address, token contract). Pure, no I/O.
 *
 * @example
 * validateTronAddress('TRON_NILE', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
 * // { ok: false, code: 'WRONG_NETWORK', message: 'This is an Ethereum-style 0x address; …' }
 */
export function validateTronAddress(chainId: string, address: string): AddressValidation {
  const parsed = parseTronAddress(chainId, address);
  if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
  return { ok: true, normalized: parsed.address };
}
