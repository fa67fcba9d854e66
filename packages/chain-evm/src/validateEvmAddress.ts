import type { ChainAdapter } from '@cairn/chain-core';
import { describeNonWallet } from './describeNonWallet.js';
import { parseEvmAddress } from './parseEvmAddress.js';
import type { TokenContracts } from './tokenContractOf.js';

/** chain-core's `AddressValidation` (its index does not export the type yet). */
type AddressValidation = ReturnType<NonNullable<ChainAdapter['validateAddress']>>;

/** Options of {@link validateEvmAddress}. */
export interface ValidateEvmAddressOptions {
  /** Runtime token contracts (e.g. the local chain's deployed test tokens), refused as addresses too. */
  readonly tokenContracts?: TokenContracts;
}

/**
 * Validates an address a customer typed for an EVM chain (a refund address), with the parsing of
 * {@link validateEvmWallet}: mixed case with a wrong EIP-55 checksum is refused (`CHECKSUM_MISMATCH`),
 * as are the zero address and the addresses that cannot receive a refund (reserved addresses, token
 * contracts, contracts every chain shares): a refund sent there is lost. `normalized` is checksummed.
 * Pure, no I/O.
 *
 * @example
 * validateEvmAddress('BASE', '0xd8da6bf26964af9d7eed9e03e53415d37aa96045');
 * // { ok: true, normalized: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }
 */
export function validateEvmAddress(
  chainId: string,
  address: string,
  options: ValidateEvmAddressOptions = {},
): AddressValidation {
  const parsed = parseEvmAddress(chainId, address);
  if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
  const nonWallet = describeNonWallet(parsed.address, options.tokenContracts);
  if (nonWallet) return { ok: false, code: nonWallet.code, message: nonWallet.message };
  return { ok: true, normalized: parsed.address };
}
