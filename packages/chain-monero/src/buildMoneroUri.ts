import { formatUnits } from '@cairn/chain-core';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { MAX_PICONERO, MONERO_DECIMALS } from './moneroUnits.js';

/** The parts of a Monero payment URI. */
export interface MoneroUriInput {
  /** The address to pay (a deposit subaddress). */
  readonly address: string;
  /** Amount in piconero; omitted from the URI when zero. */
  readonly amount: bigint;
  /** Shown by the wallet as the recipient (merchant or business name); omitted when empty. */
  readonly recipientName?: string;
  /** Shown by the wallet as the payment's description; omitted when empty. */
  readonly description?: string;
}

/**
 * Builds `monero:<address>?tx_amount=<decimal XMR>&recipient_name=…&tx_description=…` (the URI
 * scheme of monero's wallet, `make_uri`). The amount is decimal XMR with up to 12 decimals and no
 * trailing zeros, computed from the bigint; texts are percent-encoded.
 *
 * @example
 * buildMoneroUri({ address: '8…', amount: 1_500_000_000_000n, recipientName: 'Café Ltd' });
 * // 'monero:8…?tx_amount=1.5&recipient_name=Caf%C3%A9%20Ltd'
 */
export function buildMoneroUri({ address, amount, recipientName, description }: MoneroUriInput): string {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(address)) {
    throw new MoneroAdapterError('INVALID_PAYMENT_URI_INPUT', `not a Monero address: "${address}"`);
  }
  if (amount < 0n) {
    throw new MoneroAdapterError('INVALID_PAYMENT_URI_INPUT', `amount must not be negative: ${amount}`);
  }
  const query: string[] = [];
  if (amount > 0n) query.push(`tx_amount=${formatUnits(amount, MONERO_DECIMALS, { max: MAX_PICONERO })}`);
  if (recipientName) query.push(`recipient_name=${encodeURIComponent(recipientName)}`);
  if (description) query.push(`tx_description=${encodeURIComponent(description)}`);
  return query.length === 0 ? `monero:${address}` : `monero:${address}?${query.join('&')}`;
}
