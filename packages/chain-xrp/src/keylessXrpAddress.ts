import { randomBytes } from 'node:crypto';
import { encodeAccountID } from 'xrpl';

/**
 * A fresh classic XRP address from 20 random bytes: a valid account whose key nobody has (it was
 * never derived from one). For test wallets made by tools (`cairn dev:seed`): the gateway holds no
 * secret for it, and what is sent to it on a test network is not meant to be spent.
 */
export function keylessXrpAddress(): string {
  return encodeAccountID(randomBytes(20));
}
