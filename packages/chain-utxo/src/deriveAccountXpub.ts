import { bip32 } from './secp256k1Bip32.js';
import { convertExtendedKeyVersion, findSlip132ByPrefix, type ScriptKind } from './slip132.js';
import { UtxoAdapterError } from './UtxoAdapterError.js';
import { isUtxoChainId, UTXO_CHAINS } from './utxoChains.js';

const PURPOSES: Record<ScriptKind, number> = { p2pkh: 44, 'p2sh-p2wpkh': 49, p2wpkh: 84 };

/**
 * The account-level extended public key of a BIP-32 seed for `chainId` and `kind`, encoded in the
 * SLIP-132 variant the chain accepts for that kind (e.g. `vpub` for `LTC_REGTEST` p2wpkh). The account
 * path is `m/<44|49|84>'/<coinType>'/<account>'`, coin type 0 BTC, 2 LTC, 145 BCH, 3 DOGE, 1 on every
 * test network. For tests and dev seeding: a seed is a secret, so never use one that holds real funds.
 *
 * @example
 * deriveAccountXpub('5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4', 'BTC', 'p2wpkh');
 * // 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs'
 */
export function deriveAccountXpub(seedHex: string, chainId: string, kind: ScriptKind, account = 0): string {
  if (!isUtxoChainId(chainId))
    throw new UtxoAdapterError('UNSUPPORTED_CHAIN', `${chainId} is not a UTXO chain`);
  if (!/^(?:[0-9a-fA-F]{2}){16,64}$/.test(seedHex)) {
    throw new UtxoAdapterError('INVALID_SEED', 'seedHex must be 16 to 64 bytes of hex (BIP-32 seed length)');
  }
  if (!Number.isInteger(account) || account < 0 || account >= 0x80000000) {
    throw new UtxoAdapterError('INVALID_DERIVATION_INDEX', `account must be an integer from 0 to 2^31 - 1`);
  }
  const params = UTXO_CHAINS[chainId];
  const prefix = params.acceptedPrefixes.find((candidate) => findSlip132ByPrefix(candidate)?.script === kind);
  const variant = prefix === undefined ? undefined : findSlip132ByPrefix(prefix);
  if (!variant) {
    throw new UtxoAdapterError('UNSUPPORTED_SCRIPT_KIND', `${chainId} does not support ${kind} wallets`);
  }
  const root = bip32.fromSeed(Buffer.from(seedHex, 'hex'), params.network);
  const accountKey = root.derivePath(`m/${PURPOSES[kind]}'/${params.coinType}'/${account}'`).neutered();
  return convertExtendedKeyVersion(accountKey.toBase58(), variant.version);
}
