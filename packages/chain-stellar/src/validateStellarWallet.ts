import type { WalletInput, WalletValidation } from '@cairn/chain-core';
import { isStellarChainId, STELLAR_CHAIN_IDS, STELLAR_CHAIN_NETWORKS } from './stellarChains.js';
import { readStellarAddress } from './validateStellarAccount.js';

/** Names a network the way a merchant reads it. */
export function describeStellarNetwork(chainId: string): string {
  return isStellarChainId(chainId) && STELLAR_CHAIN_NETWORKS[chainId] === 'testnet'
    ? 'testnet'
    : 'public network';
}

/**
 * Validates a merchant wallet for a Stellar chain: the merchant's account, `G...` (StrKey version
 * byte and CRC16 checksum through the SDK). Each payment is then told apart by a muxed address or an
 * ID memo on that account. Refused with a code and what to do instead: a secret seed `S...`
 * (`SECRET_SEED_GIVEN`), a muxed address `M...` (`MUXED_ADDRESS_GIVEN`, naming its `G...` account),
 * a contract `C...` (`CONTRACT_ADDRESS_GIVEN`), a checksum failure (`CHECKSUM_MISMATCH`), anything
 * else (`INVALID_ADDRESS`). Stellar addresses carry no network: the same `G...` is valid on the public
 * network and the testnet. Pure, no I/O; whether the account exists is {@link checkUsdcTrustline}'s
 * business.
 */
export function validateStellarWallet({ chainId, value }: WalletInput): WalletValidation {
  if (!isStellarChainId(chainId)) {
    return {
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
      message: `${chainId} is not a Stellar chain (expected ${STELLAR_CHAIN_IDS.join(' or ')})`,
    };
  }
  const network = describeStellarNetwork(chainId);
  const reading = readStellarAddress(value, network);
  if (!reading.ok) return reading;
  if (reading.kind === 'muxed') {
    return {
      ok: false,
      code: 'MUXED_ADDRESS_GIVEN',
      message:
        'this is a muxed address (M...), one sub-account of a Stellar account; the gateway makes one per ' +
        `payment itself. Give the account it belongs to: ${reading.account}`,
    };
  }
  return {
    ok: true,
    normalized: reading.normalized,
    kind: 'account',
    outcome: reading.canonicalized ? 'Canonicalized' : 'StrKey checksum verified',
  };
}
