import type { ChainId } from '@cairn/contract';
import { type Network, networks } from 'bitcoinjs-lib';

/** Every UTXO-family chain id of the chain registry (a test keeps this list equal to the registry's). */
export const UTXO_CHAIN_IDS = [
  'BTC',
  'BTC_TESTNET',
  'BTC_REGTEST',
  'LTC',
  'LTC_TESTNET',
  'LTC_REGTEST',
  'BCH',
  'BCH_TESTNET',
  'DOGE',
  'DOGE_TESTNET',
] as const satisfies readonly ChainId[];

/** A UTXO-family chain id, e.g. `LTC_REGTEST`. */
export type UtxoChainId = (typeof UTXO_CHAIN_IDS)[number];

/** Whether `chainId` is a UTXO-family chain id. */
export function isUtxoChainId(chainId: string): chainId is UtxoChainId {
  return (UTXO_CHAIN_IDS as readonly string[]).includes(chainId);
}

const BITCOIN_MESSAGE_PREFIX = '\x18Bitcoin Signed Message:\n';
const LITECOIN_MESSAGE_PREFIX = '\x19Litecoin Signed Message:\n';
const DOGECOIN_MESSAGE_PREFIX = '\x19Dogecoin Signed Message:\n';

/** bip32 versions shared by every test network here (`tpub`/`tprv`). */
const TEST_BIP32 = { public: 0x043587cf, private: 0x04358394 } as const;

/**
 * Litecoin test networks (Litecoin Core `chainparams.cpp`, CTestNetParams / CRegTestParams):
 * PUBKEY_ADDRESS 111, SCRIPT_ADDRESS2 58 (the `Q` form Litecoin Core emits), SECRET_KEY 239,
 * EXT_PUBLIC_KEY/EXT_SECRET_KEY tpub/tprv.
 */
const litecoinTest = (bech32: string): Network => ({
  messagePrefix: LITECOIN_MESSAGE_PREFIX,
  bech32,
  bip32: TEST_BIP32,
  pubKeyHash: 0x6f,
  scriptHash: 0x3a,
  wif: 0xef,
});

/**
 * bitcoinjs `Network` objects of every UTXO chain. Chains without SegWit (BCH, DOGE) carry an empty
 * `bech32`: no SLIP-132 variant they accept derives a SegWit address, so it is never used.
 *
 * Sources: bitcoinjs-lib `networks` (BTC); Litecoin Core `src/chainparams.cpp` and SLIP-132 (LTC:
 * mainnet keys are SLIP-132's `Ltub`/`Ltpv`, addresses 48/50, WIF 176, bech32 `ltc`); Bitcoin Cash uses
 * Bitcoin's address versions with CashAddr on top (spec `cashaddr.md`); Dogecoin Core
 * `src/chainparams.cpp` (mainnet 30/22/158, `dgub`/`dgpv`; testnet 113/196/241, `tpub`/`tprv`).
 */
export const UTXO_NETWORKS: Readonly<Record<UtxoChainId, Network>> = {
  BTC: networks.bitcoin,
  BTC_TESTNET: networks.testnet,
  BTC_REGTEST: networks.regtest,
  LTC: {
    messagePrefix: LITECOIN_MESSAGE_PREFIX,
    bech32: 'ltc',
    bip32: { public: 0x019da462, private: 0x019d9cfe },
    pubKeyHash: 0x30,
    scriptHash: 0x32,
    wif: 0xb0,
  },
  LTC_TESTNET: litecoinTest('tltc'),
  LTC_REGTEST: litecoinTest('rltc'),
  BCH: {
    messagePrefix: BITCOIN_MESSAGE_PREFIX,
    bech32: '',
    bip32: { public: 0x0488b21e, private: 0x0488ade4 },
    pubKeyHash: 0x00,
    scriptHash: 0x05,
    wif: 0x80,
  },
  BCH_TESTNET: {
    messagePrefix: BITCOIN_MESSAGE_PREFIX,
    bech32: '',
    bip32: TEST_BIP32,
    pubKeyHash: 0x6f,
    scriptHash: 0xc4,
    wif: 0xef,
  },
  DOGE: {
    messagePrefix: DOGECOIN_MESSAGE_PREFIX,
    bech32: '',
    bip32: { public: 0x02facafd, private: 0x02fac398 },
    pubKeyHash: 0x1e,
    scriptHash: 0x16,
    wif: 0x9e,
  },
  DOGE_TESTNET: {
    messagePrefix: DOGECOIN_MESSAGE_PREFIX,
    bech32: '',
    bip32: TEST_BIP32,
    pubKeyHash: 0x71,
    scriptHash: 0xc4,
    wif: 0xf1,
  },
};
