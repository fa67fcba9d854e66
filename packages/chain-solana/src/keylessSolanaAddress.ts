import { randomBytes } from 'node:crypto';
import { getBase58Decoder, isOffCurveAddress } from '@solana/kit';

/**
 * A fresh on-curve Solana wallet address from random bytes (drawn again while they are off the curve,
 * about half the time), not from a key pair: nobody has its secret. For test wallets made by tools
 * (`cairn dev:seed`); what is sent to it on a test network is not meant to be spent.
 */
export function keylessSolanaAddress(): string {
  const decoder = getBase58Decoder();
  for (;;) {
    const candidate = decoder.decode(randomBytes(32));
    if (!isOffCurveAddress(candidate as Parameters<typeof isOffCurveAddress>[0])) return candidate;
  }
}
