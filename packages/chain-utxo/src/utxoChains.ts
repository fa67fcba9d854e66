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

/** Everything the adapter needs to know about one UTXO chain beyond its bitcoinjs network. */
export interface UtxoChainParams {
  readonly id: UtxoChainId;
  readonly network: Network;
  /**
   * SLIP-132 prefixes a merchant may give for this chain, in the order they are named in messages.
   * For each script kind the first prefix of that kind is the one {@link deriveAccountXpub} emits.
   */
  readonly acceptedPrefixes: readonly string[];
  /** BIP-21 URI scheme. For CashAddr chains it equals the CashAddr prefix the address already carries. */
  readonly uriScheme: string;
  /** CashAddr prefix (Bitcoin Cash only); deposit addresses are then CashAddr, prefix included. */
  readonly cashAddrPrefix?: string;
  /** SLIP-44 coin type of the account path `m/purpose'/coinType'/account'` (1 on every test network). */
  readonly coinType: number;
}

const BITCOIN_MAINNET = ['xpub', 'ypub', 'zpub'] as const;
const BITCOIN_TEST = ['tpub', 'upub', 'vpub'] as const;

/**
 * Per-chain parameters. LTC mainnet takes `zpub` for native SegWit because SLIP-132 registers no
 * Litecoin native-SegWit prefix and Trezor (`litecoin.json`: `xpub_magic_segwit_native`) and
 * Electrum-LTC export `zpub`; LTC test networks take `tpub`/`upub`/`vpub` as Litecoin Core and Trezor
 * emit them (and SLIP-132's Litecoin-testnet `ttub`).
 */
export const UTXO_CHAINS: Readonly<Record<UtxoChainId, UtxoChainParams>> = {
  BTC: {
    id: 'BTC',
    network: UTXO_NETWORKS.BTC,
    acceptedPrefixes: BITCOIN_MAINNET,
    uriScheme: 'bitcoin',
    coinType: 0,
  },
  BTC_TESTNET: {
    id: 'BTC_TESTNET',
    network: UTXO_NETWORKS.BTC_TESTNET,
    acceptedPrefixes: BITCOIN_TEST,
    uriScheme: 'bitcoin',
    coinType: 1,
  },
  BTC_REGTEST: {
    id: 'BTC_REGTEST',
    network: UTXO_NETWORKS.BTC_REGTEST,
    acceptedPrefixes: BITCOIN_TEST,
    uriScheme: 'bitcoin',
    coinType: 1,
  },
  LTC: {
    id: 'LTC',
    network: UTXO_NETWORKS.LTC,
    acceptedPrefixes: ['Ltub', 'Mtub', 'zpub'],
    uriScheme: 'litecoin',
    coinType: 2,
  },
  LTC_TESTNET: {
    id: 'LTC_TESTNET',
    network: UTXO_NETWORKS.LTC_TESTNET,
    acceptedPrefixes: [...BITCOIN_TEST, 'ttub'],
    uriScheme: 'litecoin',
    coinType: 1,
  },
  LTC_REGTEST: {
    id: 'LTC_REGTEST',
    network: UTXO_NETWORKS.LTC_REGTEST,
    acceptedPrefixes: BITCOIN_TEST,
    uriScheme: 'litecoin',
    coinType: 1,
  },
  BCH: {
    id: 'BCH',
    network: UTXO_NETWORKS.BCH,
    acceptedPrefixes: ['xpub'],
    uriScheme: 'bitcoincash',
    cashAddrPrefix: 'bitcoincash',
    coinType: 145,
  },
  BCH_TESTNET: {
    id: 'BCH_TESTNET',
    network: UTXO_NETWORKS.BCH_TESTNET,
    acceptedPrefixes: ['tpub'],
    uriScheme: 'bchtest',
    cashAddrPrefix: 'bchtest',
    coinType: 1,
  },
  DOGE: {
    id: 'DOGE',
    network: UTXO_NETWORKS.DOGE,
    acceptedPrefixes: ['dgub'],
    uriScheme: 'dogecoin',
    coinType: 3,
  },
  DOGE_TESTNET: {
    id: 'DOGE_TESTNET',
    network: UTXO_NETWORKS.DOGE_TESTNET,
    acceptedPrefixes: ['tpub'],
    uriScheme: 'dogecoin',
    coinType: 1,
  },
};
