import { getAddress, isAddress } from 'viem';
import { EvmAdapterError } from './EvmAdapterError.js';

/** The parts of an EIP-681 payment request. */
export interface EvmUriInput {
  /** EIP-155 chain id the payment is for (1 Ethereum, 8453 Base, 56 BNB Smart Chain, …). */
  readonly chainId: number;
  /** The deposit address the customer pays. */
  readonly to: string;
  /** Amount in the coin's smallest unit (wei, or the token's base unit); omitted from the URI when zero. */
  readonly amount: bigint;
  /** The ERC-20 contract for a token payment; absent for the chain's native coin. */
  readonly tokenContract?: string;
}

function checksummed(what: string, address: string): string {
  if (!isAddress(address, { strict: true })) {
    throw new EvmAdapterError('INVALID_PAYMENT_URI_INPUT', `${what} is not a valid EVM address: ${address}`);
  }
  return getAddress(address);
}

/**
 * Builds an EIP-681 payment request. Native coin: `ethereum:<to>@<chainId>?value=<wei>`. Token:
 * `ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<amount>` (a call of the token's
 * `transfer`). Addresses are EIP-55 checksummed and the chain id is always given, so a wallet on another
 * network refuses instead of paying there.
 *
 * Amounts are plain decimal integers in the smallest unit, written from the bigint. EIP-681 also allows
 * scientific notation (`value=2.014e18`), but wallets are known to mis-read it (parsing the mantissa
 * alone, or going through a float and losing digits beyond 2^53), which makes the customer pay a wrong
 * amount; integer digits leave nothing to interpret.
 *
 * @example
 * buildEvmUri({ chainId: 56, to: deposit, amount: 12_500_000_000_000_000_000n, tokenContract: usdt });
 * // 'ethereum:0x55d3…7955@56/transfer?address=0x…&uint256=12500000000000000000'
 */
export function buildEvmUri({ chainId, to, amount, tokenContract }: EvmUriInput): string {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new EvmAdapterError('INVALID_PAYMENT_URI_INPUT', `chain id must be a positive integer: ${chainId}`);
  }
  if (amount < 0n) {
    throw new EvmAdapterError('INVALID_PAYMENT_URI_INPUT', `amount must not be negative: ${amount}`);
  }
  const deposit = checksummed('the deposit address', to);
  if (tokenContract === undefined) {
    return amount === 0n
      ? `ethereum:${deposit}@${chainId}`
      : `ethereum:${deposit}@${chainId}?value=${amount}`;
  }
  const token = checksummed('the token contract', tokenContract);
  const query = amount === 0n ? `address=${deposit}` : `address=${deposit}&uint256=${amount}`;
  return `ethereum:${token}@${chainId}/transfer?${query}`;
}
