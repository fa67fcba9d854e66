import type { ChainAdapter } from '@cairn/chain-core';
import { parseSolanaAddress } from './parseSolanaAddress.js';
import { isSolanaChainId } from './solanaChains.js';

/** chain-core's `AddressValidation` (its index does not export the type yet). */
type AddressValidation = ReturnType<NonNullable<ChainAdapter['validateAddress']>>;

/**
 * Validates an address a customer typed for `chainId` (a refund address): a base58 Solana wallet
 * address ON the ed25519 curve. A token account or other program-derived address is refused
 * (refunds are sent to a wallet; SPL refunds go to its associated token account). Solana addresses
 * carry no network. Pure, no I/O.
 */
export function validateSolanaAddress(chainId: string, address: string): AddressValidation {
  if (!isSolanaChainId(chainId)) {
    return { ok: false, code: 'UNSUPPORTED_CHAIN', message: `${chainId} is not a Solana chain.` };
  }
  const parsed = parseSolanaAddress(address);
  if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
  if (parsed.curve === 'off-curve') {
    return {
      ok: false,
      code: 'OFF_CURVE_ADDRESS',
      message:
        'This is a token account or program address, not a wallet: give your Solana wallet address ' +
        '(the one your wallet app shows for receiving SOL).',
    };
  }
  return { ok: true, normalized: parsed.address };
}
