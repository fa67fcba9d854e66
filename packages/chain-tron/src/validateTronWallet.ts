import type { WalletInput, WalletValidation } from '@cairn/chain-core';
import { parseTronAddress } from './parseTronAddress.js';

/**
 * Validates a merchant's treasury (receive) address on a TRON chain (see `parseTronAddress` for what
 * is accepted and refused). Outcomes: `Verified` (a base58check `T…` address with a correct checksum,
 * stored as given) or `Canonicalized` (the `41…` hex form or text around the address, stored as
 * base58check). `kind` is `treasury`. Pure, no I/O.
 *
 * @example
 * validateTronWallet({ chainId: 'TRON', value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
 * // { ok: true, normalized: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', kind: 'treasury', outcome: 'Verified' }
 */
export function validateTronWallet(input: WalletInput): WalletValidation {
  const parsed = parseTronAddress(input.chainId, input.value);
  if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
  return {
    ok: true,
    normalized: parsed.address,
    kind: 'treasury',
    outcome: parsed.canonicalized ? 'Canonicalized' : 'Verified',
  };
}
