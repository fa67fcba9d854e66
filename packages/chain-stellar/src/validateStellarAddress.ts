import type { ChainAdapter } from '@cairn/chain-core';
import { isStellarChainId, STELLAR_CHAIN_IDS } from './stellarChains.js';
import { readStellarAddress } from './validateStellarAccount.js';
import { describeStellarNetwork } from './validateStellarWallet.js';

/** chain-core's `AddressValidation` (its index does not export the type yet). */
type AddressValidation = ReturnType<NonNullable<ChainAdapter['validateAddress']>>;

/**
 * Validates an address a customer typed for a Stellar chain (a refund address): an account `G...` or
 * a muxed address `M...` (an exchange deposit, which carries the customer's ID), checked with the
 * SDK's StrKey and returned trimmed and upper-cased. Secret seeds, contracts and anything else are
 * refused with a code and a message naming what is expected. Pure, no I/O.
 */
export function validateStellarAddress(chainId: string, address: string): AddressValidation {
  if (!isStellarChainId(chainId)) {
    return {
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
      message: `${chainId} is not a Stellar chain (expected ${STELLAR_CHAIN_IDS.join(' or ')})`,
    };
  }
  const reading = readStellarAddress(address, describeStellarNetwork(chainId));
  if (!reading.ok) {
    return reading.code === 'CONTRACT_ADDRESS_GIVEN' || reading.code === 'INVALID_ADDRESS'
      ? {
          ok: false,
          code: reading.code,
          message: `${reading.message} (or a muxed address, 69 characters starting with M)`,
        }
      : reading;
  }
  return { ok: true, normalized: reading.normalized };
}
