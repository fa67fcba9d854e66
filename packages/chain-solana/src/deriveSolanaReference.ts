import { createHash } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import { SolanaAdapterError } from './SolanaAdapterError.js';

/** Domain separation of reference keys: a Cairn Solana Pay reference, version 1. */
const REFERENCE_DOMAIN = 'cairn:solana-pay:reference:v1\n';

/**
 * The Solana Pay `reference` of one payment: SHA-256 of a domain-separated string and the payment
 * id, as 32 bytes in base58. Deterministic (the same payment id always gives the same reference, so
 * a restarted gateway watches the same key) and distinct per payment (a collision needs a SHA-256
 * collision); it reveals nothing about the payment id.
 *
 * Solana Pay only requires a reference to be a base58-encoded 32-byte array, which may or may not
 * be a public key, on or off the curve, and may or may not be an account ("Reference", Solana Pay
 * specification, https://solana.com/docs/tools/solana-pay/specification/version1): about half of
 * these references are off the curve, and no key pair exists for any of them. Wallets attach it as a
 * read-only, non-signer account of the transfer instruction, so it appears in the transaction's
 * account keys and the RPC indexes the transaction under it. Pure, no I/O.
 */
export function deriveSolanaReference(paymentId: string): string {
  if (paymentId.trim() === '') {
    throw new SolanaAdapterError('INVALID_PAYMENT_ID', 'a payment id is needed to derive its reference');
  }
  const digest = createHash('sha256').update(REFERENCE_DOMAIN).update(paymentId, 'utf8').digest();
  return getBase58Decoder().decode(digest);
}
