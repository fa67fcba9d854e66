import type { WalletInput, WalletValidation } from '@cairn/chain-core';
import { parseSolanaAddress } from './parseSolanaAddress.js';
import type { SolanaAdapterErrorCode } from './SolanaAdapterError.js';
import { isSolanaChainId } from './solanaChains.js';

/** A rejected Solana wallet: a stable code and a message the merchant can act on. */
export type SolanaWalletRejected = Extract<WalletValidation, { ok: false }> & {
  readonly code: SolanaAdapterErrorCode;
};

/**
 * Validates a merchant's Solana wallet: the base58 address of a keypair (a point ON the ed25519
 * curve), which receives SOL directly and owns the associated token accounts of its SPL tokens. An
 * off-curve address (a token account, a PDA) is refused: Solana Pay needs the owner wallet, and the
 * tokens would otherwise go to an account nobody holds a key for. Secret keys and recovery phrases
 * are refused with `SECRET_KEY_GIVEN` / `SEED_GIVEN`. Solana addresses carry no network: the same
 * address is valid on `SOL` and `SOL_DEVNET`. Pure, no I/O.
 *
 * @example
 * validateSolanaWallet({ chainId: 'SOL', value: 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN' });
 * // { ok: true, normalized: 'mvines9…', kind: 'wallet', outcome: 'On-curve wallet address verified' }
 */
export function validateSolanaWallet(input: WalletInput): WalletValidation {
  if (!isSolanaChainId(input.chainId)) {
    return { ok: false, code: 'UNSUPPORTED_CHAIN', message: `${input.chainId} is not a Solana chain.` };
  }
  const parsed = parseSolanaAddress(input.value);
  if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
  if (parsed.curve === 'off-curve') {
    return {
      ok: false,
      code: 'OFF_CURVE_ADDRESS',
      message:
        'This address is not a wallet but a program-derived account (for example a USDC token account). ' +
        'Give the address of your wallet itself, the one your wallet app shows for receiving SOL: ' +
        'token payments go to its token accounts automatically.',
    };
  }
  return {
    ok: true,
    normalized: parsed.address,
    kind: 'wallet',
    outcome: 'On-curve wallet address verified',
  };
}
