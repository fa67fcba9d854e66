import { formatUnits } from '@cairn/chain-core';
import { TronAdapterError } from './TronAdapterError.js';
import { decodeTronAddress } from './tronAddress.js';

/** The parts of a TRON payment URI. */
export interface TronUriInput {
  /** The deposit address (`T…`). */
  readonly to: string;
  /** Amount in the coin's smallest unit (sun for TRX, 10^-6 USDT); omitted from the URI when zero. */
  readonly amount: bigint;
  /** Decimal places of the coin (6 for TRX and USDT). */
  readonly decimals: number;
  /** The TRC-20 contract (`T…`) for a token payment; absent for TRX. */
  readonly tokenContract?: string;
}

function checked(what: string, address: string): string {
  if (!decodeTronAddress(address).ok) {
    throw new TronAdapterError('INVALID_PAYMENT_URI_INPUT', `${what} is not a TRON address: ${address}`);
  }
  return address;
}

/**
 * Builds a TRON payment URI: `tron:<address>?amount=<decimal>` for TRX and
 * `tron:<address>?amount=<decimal>&token=<TRC-20 contract>` for a token.
 *
 * TRON has no payment-URI standard (no TIP defines one; TronLink's deep links open dApps, they carry
 * no payment request). This is the BIP21-shaped form that wallets scanning QR codes understand best:
 * the `tron:` scheme with the base58check address, which every TRON wallet's scanner extracts (Trust
 * Wallet's QR parser takes `<coin scheme>:<address>?amount=` with the amount in whole coins), the
 * amount as an exact decimal in whole coins (never scientific notation, never a float), and the token
 * contract in `token` so a wallet that reads it pre-selects USDT. A wallet that reads only the address
 * leaves the amount and the coin to the customer, so the checkout shows both beside the QR code.
 *
 * @example
 * buildTronUri({ to: 'T…', amount: 12_500_000n, decimals: 6, tokenContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
 * // 'tron:T…?amount=12.5&token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
 */
export function buildTronUri({ to, amount, decimals, tokenContract }: TronUriInput): string {
  if (amount < 0n) {
    throw new TronAdapterError('INVALID_PAYMENT_URI_INPUT', `amount must not be negative: ${amount}`);
  }
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new TronAdapterError('INVALID_PAYMENT_URI_INPUT', `decimals must be a whole number: ${decimals}`);
  }
  const params: string[] = [];
  if (amount > 0n) params.push(`amount=${formatUnits(amount, decimals)}`);
  if (tokenContract !== undefined) params.push(`token=${checked('the token contract', tokenContract)}`);
  const address = checked('the deposit address', to);
  return params.length === 0 ? `tron:${address}` : `tron:${address}?${params.join('&')}`;
}
