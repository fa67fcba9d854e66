import { formatUnits } from '@cairn/chain-core';
import { StellarAdapterError } from './StellarAdapterError.js';
import { MAX_STROOPS, STELLAR_DECIMALS } from './stellarUnits.js';

/** A SEP-7 `pay` request: who receives what, and which ID memo identifies the payment. */
export interface StellarUriInput {
  /** The account `G...` (or a muxed `M...` address) to pay. */
  readonly destination: string;
  /** What `destination` receives, in stroops (7 decimals, for XLM and issued assets alike). */
  readonly amount: bigint;
  /** The asset; absent for XLM. */
  readonly asset?: { readonly code: string; readonly issuer: string };
  /** An ID memo (uint64 in decimal), sent as `memo_type=MEMO_ID`. */
  readonly memoId?: string;
  /** A message for the wallet to show (SEP-7 `msg`, at most 300 characters; never on-chain). */
  readonly msg?: string;
  /** Set for every network but the public one (SEP-7 `network_passphrase`). */
  readonly networkPassphrase?: string;
}

/** SEP-7 caps `msg` at 300 characters before URL-encoding. */
const MAX_MSG_LENGTH = 300;

/**
 * Builds a SEP-7 `web+stellar:pay` URI (https://github.com/stellar/stellar-protocol/blob/master/ecosystem/sep-0007.md,
 * operation `pay`): `destination`, `amount` (decimal), `asset_code` and `asset_issuer` for an issued
 * asset (absent: XLM), `memo` with `memo_type=MEMO_ID`, `msg`, `network_passphrase`, each value
 * URL-encoded (`%20` for spaces, as in the SEP's examples). `amount` is what the destination
 * receives, whatever the payer pays with (a wallet may use a path payment).
 *
 * @example
 * buildStellarUri({ destination: 'GCALNQQBXAPZ2WIRSDDBMSTAKCUH5SG6U76YBFLQLIXJTF7FE5AX7AOO', amount: 1201234567n, memoId: '7' });
 * // 'web+stellar:pay?destination=GCALNQ...7AOO&amount=120.1234567&memo=7&memo_type=MEMO_ID'
 */
export function buildStellarUri(input: StellarUriInput): string {
  if (input.amount <= 0n) {
    throw new StellarAdapterError(
      'INVALID_AMOUNT',
      `a payment request needs a positive amount: got ${input.amount}`,
    );
  }
  const params: [string, string][] = [
    ['destination', input.destination],
    ['amount', formatUnits(input.amount, STELLAR_DECIMALS, { max: MAX_STROOPS })],
  ];
  if (input.asset) {
    params.push(['asset_code', input.asset.code], ['asset_issuer', input.asset.issuer]);
  }
  if (input.memoId !== undefined) params.push(['memo', input.memoId], ['memo_type', 'MEMO_ID']);
  if (input.msg !== undefined && input.msg !== '') {
    params.push(['msg', [...input.msg].slice(0, MAX_MSG_LENGTH).join('')]);
  }
  if (input.networkPassphrase !== undefined) params.push(['network_passphrase', input.networkPassphrase]);
  return `web+stellar:pay?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}
