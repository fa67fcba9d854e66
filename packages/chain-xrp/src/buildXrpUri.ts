import { formatUnits } from '@cairn/chain-core';
import { isValidClassicAddress } from 'xrpl';
import { XrpAdapterError } from './XrpAdapterError.js';
import { MAX_DROPS, XRP_DECIMALS } from './xrpUnits.js';

/** The parts of an XRP Ledger payment request URI. */
export interface XrpUriInput {
  /** The classic address to pay. */
  readonly address: string;
  /** The destination tag, a uint32; omitted from the URI when undefined. */
  readonly destinationTag?: number;
  /** Amount in drops; omitted from the URI when zero (the wallet then asks for it). */
  readonly amount: bigint;
}

/**
 * Builds an XRP Ledger payment request as Xaman documents it ("Payment Request Link", protocol
 * variant, https://docs.xaman.dev/simple-link-qr/payment-request-link):
 * `xrpl://<classic address>?amount=<decimal XRP>&dt=<tag>`. `amount` is decimal XRP (1 XRP =
 * 1,000,000 drops) with up to 6 decimals and no trailing zeros, computed from the bigint; `dt` is the
 * destination tag (the parameter XLS-2 and the older Ripple URI also use). No `network` parameter:
 * Xaman defaults to the XRP Ledger, and for the Testnet the payer's wallet must be switched to it.
 * No label either: Xaman's request link has no such parameter. Wallets that take a single field can
 * use the target's X-address (`alternateAddress`) instead.
 *
 * @example
 * buildXrpUri({ address: 'rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL', destinationTag: 7, amount: 1_500_000n });
 * // 'xrpl://rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL?amount=1.5&dt=7'
 */
export function buildXrpUri({ address, destinationTag, amount }: XrpUriInput): string {
  if (!isValidClassicAddress(address)) {
    throw new XrpAdapterError('INVALID_PAYMENT_URI_INPUT', `not a classic XRP Ledger address: "${address}"`);
  }
  if (
    destinationTag !== undefined &&
    (!Number.isInteger(destinationTag) || destinationTag < 0 || destinationTag > 0xffff_ffff)
  ) {
    throw new XrpAdapterError(
      'INVALID_PAYMENT_URI_INPUT',
      `a destination tag is an integer from 0 to 4294967295: got ${destinationTag}`,
    );
  }
  if (amount < 0n) {
    throw new XrpAdapterError('INVALID_PAYMENT_URI_INPUT', `amount must not be negative: ${amount}`);
  }
  const query: string[] = [];
  if (amount > 0n) query.push(`amount=${formatUnits(amount, XRP_DECIMALS, { max: MAX_DROPS })}`);
  if (destinationTag !== undefined) query.push(`dt=${destinationTag}`);
  return query.length === 0 ? `xrpl://${address}` : `xrpl://${address}?${query.join('&')}`;
}
