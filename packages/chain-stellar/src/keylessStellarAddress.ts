import { randomBytes } from 'node:crypto';
import { StrKey } from '@stellar/stellar-sdk';

/**
 * A fresh Stellar account address (G…) from 32 random bytes, not from a key pair: nobody has its
 * secret. For test wallets made by tools (`cairn dev:seed`); what is sent to it on a test network is
 * not meant to be spent.
 */
export function keylessStellarAddress(): string {
  return StrKey.encodeEd25519PublicKey(randomBytes(32));
}
