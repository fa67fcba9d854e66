import type { Network } from 'bitcoinjs-lib';
import { UTXO_NETWORKS, type UtxoChainId } from './networks.js';

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
