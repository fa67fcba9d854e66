import type { WalletInput, WalletValidation } from '@cairn/chain-core';
import { describeNonWallet } from './describeNonWallet.js';
import { parseEvmAddress } from './parseEvmAddress.js';
import type { TokenContracts } from './tokenContractOf.js';

/** Options of {@link validateEvmWallet}. */
export interface ValidateEvmWalletOptions {
  /** Runtime token contracts (e.g. the local chain's deployed test tokens), refused as wallets too. */
  readonly tokenContracts?: TokenContracts;
}

/**
 * Validates a merchant's treasury (receive) address on an EVM chain, with the outcomes of
 * docs/operating/evm.md:
 * - `EIP-55 verified`: mixed case with a correct checksum; stored as given.
 * - `EIP-55 applied`: all lower or all upper case hex, which carries no checksum; stored checksummed.
 * - `Canonicalized`: accepted after normalising what surrounds the address (whitespace, quotes, `0X`, a
 *   missing `0x`, an `ethereum:`, `eip155:<id>:` or `base:`-style prefix); stored checksummed. When both
 *   that normalisation and checksum application happened, the outcome is `Canonicalized`: it is the one
 *   the merchant should notice, since the stored value differs from the pasted text by more than case.
 * - refused `CHECKSUM_MISMATCH`: mixed case with a wrong checksum (a typo or an altered address).
 * - refused `INVALID_ADDRESS`, `WRONG_NETWORK` (a prefix or chain id of another network),
 *   `PRIVATE_KEY_REJECTED` (a recovery phrase), `ZERO_ADDRESS`, `RESERVED_ADDRESS` (precompiles, burn
 *   and system addresses), `TOKEN_CONTRACT` (a token contract of the registry or of `tokenContracts`)
 *   and `KNOWN_CONTRACT` (contracts every chain shares, e.g. the deterministic deployment proxy).
 *
 * `Duplicate` is the server's to decide against stored wallets, with `sameEvmAddress`. `kind` is
 * `treasury`. Pure, no I/O.
 *
 * @example
 * validateEvmWallet({ chainId: 'ETH', value: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045' });
 * // { ok: true, normalized: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', kind: 'treasury', outcome: 'EIP-55 applied' }
 */
export function validateEvmWallet(
  input: WalletInput,
  options: ValidateEvmWalletOptions = {},
): WalletValidation {
  const parsed = parseEvmAddress(input.chainId, input.value);
  if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
  const nonWallet = describeNonWallet(parsed.address, options.tokenContracts);
  if (nonWallet) return { ok: false, code: nonWallet.code, message: nonWallet.message };
  const outcome = parsed.canonicalized
    ? 'Canonicalized'
    : parsed.checksum === 'verified'
      ? 'EIP-55 verified'
      : 'EIP-55 applied';
  return { ok: true, normalized: parsed.address, kind: 'treasury', outcome };
}
