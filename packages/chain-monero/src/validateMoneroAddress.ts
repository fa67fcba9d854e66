import type { ChainAdapter } from '@cairn/chain-core';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { isMoneroChainId } from './moneroChains.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';

/** chain-core's `AddressValidation` (its index does not export the type yet). */
type AddressValidation = ReturnType<NonNullable<ChainAdapter['validateAddress']>>;

/**
 * Validates an address a customer typed for a Monero chain (a refund address): a standard address,
 * subaddress or integrated address of the chain's network (mainnet prefixes for `XMR` and
 * `XMR_REGTEST`, stagenet for `XMR_STAGENET`), with a valid checksum and keys. The address is stored as
 * given, trimmed: Monero addresses are case-sensitive. Pure, no I/O.
 *
 * @example
 * validateMoneroAddress('XMR_STAGENET', '4…'); // { ok: false, code: 'WRONG_NETWORK', message: '…' }
 */
export function validateMoneroAddress(chainId: string, input: string): AddressValidation {
  if (!isMoneroChainId(chainId)) {
    return { ok: false, code: 'UNSUPPORTED_CHAIN', message: `${chainId} is not a Monero chain.` };
  }
  try {
    return { ok: true, normalized: parseMoneroAddress(input, { chainId }).address };
  } catch (error) {
    if (error instanceof MoneroAdapterError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
