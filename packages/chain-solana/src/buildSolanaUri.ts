import { formatUnits } from '@cairn/chain-core';
import { parseSolanaAddress } from './parseSolanaAddress.js';
import { SolanaAdapterError } from './SolanaAdapterError.js';

/** The fields of a Solana Pay transfer request URL. */
export interface SolanaUriInput {
  /** The merchant's wallet (a native SOL account, never a token account). */
  readonly recipient: string;
  /** In smallest units; absent: the wallet asks the payer for the amount. */
  readonly amount?: bigint;
  /** Decimals of the coin paid (9 for SOL, the mint's for SPL tokens); needed with `amount`. */
  readonly decimals?: number;
  /** The SPL token mint; absent: a native SOL transfer. */
  readonly splToken?: string;
  /** Reference keys, in the order the wallet must attach them. */
  readonly references?: readonly string[];
  /** Who requests the payment (merchant or business name). */
  readonly label?: string;
  /** What the payment is for. */
  readonly message?: string;
}

/**
 * Builds a Solana Pay transfer request URL, as the specification writes it and in its field order:
 * `solana:<recipient>?amount=<amount>&spl-token=<mint>&reference=<ref>&label=<label>&message=<message>`
 * (https://solana.com/docs/tools/solana-pay/specification/version1). Values are percent-encoded
 * with `encodeURIComponent`, as the specification's examples are (`message=Thanks%20for%20all%20the%20fish`);
 * @solana/pay's `encodeURL` uses `URLSearchParams` instead (a space becomes `+`), and its `parseURL`
 * decodes both forms alike. The amount is a decimal number
 * of user units (SOL, not lamports; USDC, not base units) with no trailing zeros and no exponent.
 * Empty optional fields are left out. No `memo` is added: it would make wallets add an SPL Memo
 * instruction, which Cairn does not need.
 *
 * @example
 * buildSolanaUri({ recipient: 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN', amount: 10_000n, decimals: 6,
 *   splToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', references: [ref], label: 'Michael' });
 * // 'solana:mvines9…?amount=0.01&spl-token=EPjF…&reference=…&label=Michael'
 */
export function buildSolanaUri(input: SolanaUriInput): string {
  const recipient = parseSolanaAddress(input.recipient);
  if (!recipient.ok || recipient.curve !== 'wallet') {
    throw new SolanaAdapterError(
      'INVALID_PAYMENT_URI_INPUT',
      `the recipient must be a Solana wallet address: ${input.recipient}`,
    );
  }
  const params: [string, string][] = [];
  if (input.amount !== undefined) {
    if (input.decimals === undefined) {
      throw new SolanaAdapterError('INVALID_PAYMENT_URI_INPUT', 'an amount needs the decimals of its coin');
    }
    params.push(['amount', formatUnits(input.amount, input.decimals)]);
  }
  if (input.splToken !== undefined) {
    const mint = parseSolanaAddress(input.splToken);
    if (!mint.ok) {
      throw new SolanaAdapterError(
        'INVALID_PAYMENT_URI_INPUT',
        `the spl-token is not a mint address: ${input.splToken}`,
      );
    }
    params.push(['spl-token', mint.address]);
  }
  for (const reference of input.references ?? []) {
    const parsed = parseSolanaAddress(reference);
    if (!parsed.ok) {
      throw new SolanaAdapterError(
        'INVALID_PAYMENT_URI_INPUT',
        `a reference must be 32 bytes in base58: ${reference}`,
      );
    }
    params.push(['reference', parsed.address]);
  }
  if (input.label) params.push(['label', input.label]);
  if (input.message) params.push(['message', input.message]);
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `solana:${recipient.address}${query === '' ? '' : `?${query}`}`;
}
