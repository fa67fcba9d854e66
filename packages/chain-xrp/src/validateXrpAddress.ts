import type { ChainAdapter } from '@cairn/chain-core';
import { classicAddressToXAddress } from 'xrpl';
import { parseXrpAddress } from './parseXrpAddress.js';
import { XrpAdapterError } from './XrpAdapterError.js';
import { isXrpChainId, usesTestXAddresses } from './xrpChains.js';

/** chain-core's `AddressValidation` (its index does not export the type yet). */
type AddressValidation = ReturnType<NonNullable<ChainAdapter['validateAddress']>>;

/**
 * Validates an address a customer typed for an XRP Ledger chain (a refund address): a classic
 * address (`r…`) or an X-address of the chain's network. A tagless X-address is stored as its classic
 * address; an X-address with a tag is kept as the X-address (re-encoded), so the refund carries the
 * tag an exchange needs. A classic address followed by a tag (`r…?dt=5`) is refused with a hint to
 * give the X-address, and a secret with `SECRET_GIVEN`. Pure, no I/O.
 *
 * @example
 * validateXrpAddress('XRP', 'rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL'); // { ok: true, normalized: 'rG31…' }
 */
export function validateXrpAddress(chainId: string, address: string): AddressValidation {
  if (!isXrpChainId(chainId)) {
    return { ok: false, code: 'UNSUPPORTED_CHAIN', message: `${chainId} is not an XRP Ledger chain.` };
  }
  try {
    const parsed = parseXrpAddress(address, chainId);
    if (parsed.tag === undefined) return { ok: true, normalized: parsed.classicAddress };
    return {
      ok: true,
      normalized: classicAddressToXAddress(parsed.classicAddress, parsed.tag, usesTestXAddresses(chainId)),
    };
  } catch (error) {
    if (error instanceof XrpAdapterError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
