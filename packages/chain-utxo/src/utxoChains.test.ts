import { CHAINS } from '@cairn/contract';
import { address, payments } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { UTXO_CHAIN_IDS, UTXO_CHAINS, UTXO_NETWORKS } from './utxoChains.js';

describe('UTXO networks', () => {
  it('cover exactly the utxo-family chains of the registry', () => {
    const registryIds = Object.values(CHAINS)
      .filter((chain) => chain.family === 'utxo')
      .map((chain) => chain.id);
    expect([...UTXO_CHAIN_IDS].sort()).toEqual(registryIds.sort());
    expect(Object.keys(UTXO_NETWORKS).sort()).toEqual(registryIds.sort());
    expect(Object.keys(UTXO_CHAINS).sort()).toEqual(registryIds.sort());
  });

  it('give LTC regtest the parameters verified against litecoind (docs/operating/bitcoin.md)', () => {
    expect(UTXO_NETWORKS.LTC_REGTEST).toMatchObject({
      bech32: 'rltc',
      bip32: { public: 0x043587cf, private: 0x04358394 },
      pubKeyHash: 0x6f,
      scriptHash: 0x3a,
      wif: 0xef,
    });
    expect(UTXO_NETWORKS.LTC_TESTNET).toMatchObject({ bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a });
  });

  it('give the mainnets their well-known address versions', () => {
    expect(UTXO_NETWORKS.LTC).toMatchObject({
      bech32: 'ltc',
      bip32: { public: 0x019da462, private: 0x019d9cfe },
      pubKeyHash: 0x30,
      scriptHash: 0x32,
      wif: 0xb0,
    });
    expect(UTXO_NETWORKS.DOGE).toMatchObject({
      bip32: { public: 0x02facafd, private: 0x02fac398 },
      pubKeyHash: 0x1e,
      scriptHash: 0x16,
      wif: 0x9e,
    });
    expect(UTXO_NETWORKS.DOGE_TESTNET).toMatchObject({ pubKeyHash: 0x71, scriptHash: 0xc4, wif: 0xf1 });
    expect(UTXO_NETWORKS.BCH).toMatchObject({ pubKeyHash: 0x00, scriptHash: 0x05 });
    expect(UTXO_NETWORKS.BTC).toMatchObject({ bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05 });
    expect(UTXO_NETWORKS.BTC_REGTEST.bech32).toBe('bcrt');
  });

  // The leading characters each version byte produces, as every explorer shows them.
  it.each([
    ['BTC', '1', '3'],
    ['LTC', 'L', 'M'],
    ['LTC_REGTEST', 'm', 'Q'],
    ['DOGE', 'D', 'A'],
    ['DOGE_TESTNET', 'n', '2'],
  ] as const)('%s addresses start as expected', (chainId, p2pkhLead, p2shLead) => {
    const network = UTXO_NETWORKS[chainId];
    const hash = new Uint8Array(20).fill(0x80);
    expect(address.toBase58Check(hash, network.pubKeyHash)[0]).toBe(p2pkhLead);
    expect(address.toBase58Check(hash, network.scriptHash)[0]).toBe(p2shLead);
  });

  it('put the SegWit prefixes on bech32 addresses', () => {
    const pubkey = Uint8Array.from(
      Buffer.from('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c', 'hex'),
    );
    expect(payments.p2wpkh({ pubkey, network: UTXO_NETWORKS.BTC }).address).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(payments.p2wpkh({ pubkey, network: UTXO_NETWORKS.LTC_REGTEST }).address).toMatch(/^rltc1q/);
  });
});
