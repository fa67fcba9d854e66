import { bip32 } from './secp256k1Bip32.js';
import type { ScriptKind } from './slip132.js';
import { UtxoAdapterError } from './UtxoAdapterError.js';
import { isUtxoChainId, UTXO_CHAINS } from './utxoChains.js';

const PURPOSES: Record<ScriptKind, number> = { p2pkh: 44, 'p2sh-p2wpkh': 49, p2wpkh: 84 };

/**
 * The key pair of receive address `0/<index>` of the account whose extended public key
 * {@link deriveAccountXpub} gives for the same seed, chain and kind: the compressed public key (hex) and
 * the private key in the chain's wallet import format (for a node's `signrawtransactionwithkey`). For
 * tests and dev tools that play the merchant's wallet: the gateway itself never holds a private key.
 *
 * @example
 * const { publicKey, wif } = deriveReceiveKey(seedHex, 'LTC_REGTEST', 'p2wpkh', 3);
 */
export function deriveReceiveKey(
  seedHex: string,
  chainId: string,
  kind: ScriptKind,
  index: number,
  account = 0,
): { publicKey: string; wif: string } {
  if (!isUtxoChainId(chainId))
    throw new UtxoAdapterError('UNSUPPORTED_CHAIN', `${chainId} is not a UTXO chain`);
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) {
    throw new UtxoAdapterError('INVALID_DERIVATION_INDEX', 'index must be an integer from 0 to 2^31 - 1');
  }
  const params = UTXO_CHAINS[chainId];
  const node = bip32
    .fromSeed(Buffer.from(seedHex, 'hex'), params.network)
    .derivePath(`m/${PURPOSES[kind]}'/${params.coinType}'/${account}'/0/${index}`);
  return { publicKey: Buffer.from(node.publicKey).toString('hex'), wif: node.toWIF() };
}
