import { formatUnits } from '@cairn/chain-core';
import { UtxoAdapterError } from './UtxoAdapterError.js';

/** The parts of a BIP-21 payment URI. */
export interface UtxoUriInput {
  /** URI scheme, e.g. `bitcoin`, `litecoin`, `bitcoincash`, `dogecoin`. */
  readonly scheme: string;
  /** The address. A CashAddr that already carries `scheme:` is not prefixed again. */
  readonly address: string;
  /** Amount in the smallest unit; omitted from the URI when zero. */
  readonly amount: bigint;
  /** Decimal places of the smallest unit (8 for every UTXO coin here). */
  readonly decimals: number;
  /** Label shown by the wallet; omitted when empty. */
  readonly label?: string;
}

/**
 * Builds `<scheme>:<address>?amount=<decimal>&label=<percent-encoded>` (BIP-21). The amount is a plain
 * decimal in whole coins without trailing zeros, computed from the bigint.
 *
 * @example
 * buildUtxoUri({ scheme: 'litecoin', address: 'rltc1q...', amount: 150000000n, decimals: 8, label: 'Café Ltd' });
 * // 'litecoin:rltc1q...?amount=1.5&label=Caf%C3%A9%20Ltd'
 */
export function buildUtxoUri({ scheme, address, amount, decimals, label }: UtxoUriInput): string {
  if (amount < 0n)
    throw new UtxoAdapterError('INVALID_PAYMENT_URI_INPUT', `amount must not be negative: ${amount}`);
  const base = address.toLowerCase().startsWith(`${scheme.toLowerCase()}:`)
    ? address
    : `${scheme}:${address}`;
  const query: string[] = [];
  if (amount > 0n) query.push(`amount=${formatUnits(amount, decimals)}`);
  if (label !== undefined && label !== '') query.push(`label=${encodeURIComponent(label)}`);
  return query.length === 0 ? base : `${base}?${query.join('&')}`;
}
