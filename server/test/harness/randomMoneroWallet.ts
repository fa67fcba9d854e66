import { randomBytes } from 'node:crypto';
import { encodeMoneroAddress } from '@cairn/chain-monero';
// The key arithmetic of the package (not part of its exports): a wallet is made the way wallet2 makes
// one from random keys, without a wallet RPC.
import {
  hashToScalar,
  publicKeyHexOf,
  scalarToBytes,
} from '../../../packages/chain-monero/src/moneroKeys.js';

/**
 * A fresh Monero wallet on mainnet's prefixes (regtest's) as a merchant gives it to Cairn,
 * `<primary address>:<private view key>`, made from random keys offline; its spend key is thrown away.
 */
export function randomMoneroWallet(): string {
  const viewKey = hashToScalar(randomBytes(32));
  const spendKey = hashToScalar(randomBytes(32));
  const address = encodeMoneroAddress({
    network: 'mainnet',
    kind: 'standard',
    publicSpendKey: publicKeyHexOf(spendKey),
    publicViewKey: publicKeyHexOf(viewKey),
  });
  return `${address}:${Buffer.from(scalarToBytes(viewKey)).toString('hex')}`;
}
