import { ChainAdapterRegistry } from '@cairn/chain-core';
import { CHAINS, getCoin } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { BCH_XPUB, BIP84_FIRST_WIF, DOGE_DGUB, TESTNET_VPUB } from '../test/abandonVectors.js';
import { createUtxoAdapter } from './createUtxoAdapter.js';

const utxoAdapter = createUtxoAdapter();

describe('createUtxoAdapter', () => {
  const registry = new ChainAdapterRegistry([utxoAdapter], ['LTC_REGTEST', 'BCH', 'DOGE', 'ETH_LOCAL']);

  it('serves every utxo chain of the registry through ChainAdapterRegistry', () => {
    expect(registry.usableChainIds()).toEqual(['LTC_REGTEST', 'BCH', 'DOGE']);
    expect(registry.get('LTC_REGTEST').adapter.family).toBe('utxo');
  });

  it('validates wallets, returning only the interface fields', () => {
    expect(utxoAdapter.validateWallet({ chainId: 'LTC_REGTEST', value: ` ${TESTNET_VPUB} ` })).toEqual({
      ok: true,
      normalized: TESTNET_VPUB,
      kind: 'p2wpkh',
      outcome: 'Valid vpub (native SegWit)',
    });
    expect(utxoAdapter.validateWallet({ chainId: 'BTC', value: BIP84_FIRST_WIF })).toMatchObject({
      ok: false,
      code: 'PRIVATE_KEY_REJECTED',
    });
  });

  it('derives the deposit target of a payment: receive address 0/index, no memo', () => {
    const { chain } = registry.get('LTC_REGTEST');
    const target = utxoAdapter.deriveDepositTarget({
      chain,
      wallet: TESTNET_VPUB,
      index: 0,
      paymentId: 'pay_1',
    });
    expect(target).toEqual({
      address: 'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg',
      memo: '',
      // What the chain watcher matches outputs against: the P2WPKH scriptPubKey of that address.
      matchKey: '0014d0c4a3ef09e997b6e99e397e518fe3e41a118ca1',
    });
    const other = utxoAdapter.deriveDepositTarget({
      chain,
      wallet: TESTNET_VPUB,
      index: 0,
      paymentId: 'pay_2',
    });
    expect(other).toEqual(target);
  });

  it('opens a block-scan observer on a JSON-RPC node and a target-poll observer on Esplora', () => {
    const chain = CHAINS.LTC_REGTEST;
    const rpc = utxoAdapter.createObserver!({
      chain,
      backend: { kind: 'json-rpc', url: 'http://u:p@127.0.0.1:1' },
    });
    expect(rpc).toMatchObject({ chainId: 'LTC_REGTEST', strategy: 'block-scan' });
    const esplora = utxoAdapter.createObserver!({
      chain: CHAINS.BTC_TESTNET,
      backend: { kind: 'esplora', url: 'https://blockstream.info/testnet/api' },
    });
    expect(esplora).toMatchObject({ chainId: 'BTC_TESTNET', strategy: 'target-poll' });
    expect(() =>
      utxoAdapter.createObserver!({ chain: CHAINS.ETH, backend: { kind: 'json-rpc', url: 'http://x' } }),
    ).toThrow(/not a UTXO chain/);
  });

  it('builds BIP-21 URIs with each chain scheme', () => {
    const ltc = CHAINS.LTC_REGTEST;
    const target = utxoAdapter.deriveDepositTarget({
      chain: ltc,
      wallet: TESTNET_VPUB,
      index: 0,
      paymentId: 'p',
    });
    expect(
      utxoAdapter.buildPaymentUri({
        chain: ltc,
        coin: getCoin('LTC_REGTEST', 'LTC')!,
        target,
        amount: 12_345_000n,
        label: 'Acme Shop',
      }),
    ).toBe('litecoin:rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg?amount=0.12345&label=Acme%20Shop');

    const bch = CHAINS.BCH;
    const bchTarget = utxoAdapter.deriveDepositTarget({
      chain: bch,
      wallet: BCH_XPUB,
      index: 0,
      paymentId: 'p',
    });
    expect(
      utxoAdapter.buildPaymentUri({
        chain: bch,
        coin: getCoin('BCH', 'BCH')!,
        target: bchTarget,
        amount: 100_000_000n,
      }),
    ).toBe('bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6?amount=1');

    const doge = CHAINS.DOGE;
    const dogeTarget = utxoAdapter.deriveDepositTarget({
      chain: doge,
      wallet: DOGE_DGUB,
      index: 0,
      paymentId: 'p',
    });
    expect(
      utxoAdapter.buildPaymentUri({
        chain: doge,
        coin: getCoin('DOGE', 'DOGE')!,
        target: dogeTarget,
        amount: 4_200_000_000n,
      }),
    ).toBe('dogecoin:DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC?amount=42');
  });

  it('refuses a coin the chain does not carry and a non-UTXO chain', () => {
    const target = { address: 'x', memo: '' };
    expect(() =>
      utxoAdapter.buildPaymentUri({ chain: CHAINS.BTC, coin: getCoin('LTC', 'LTC')!, target, amount: 1n }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_PAYMENT_URI_INPUT' }));
    expect(() =>
      utxoAdapter.buildPaymentUri({ chain: CHAINS.ETH, coin: getCoin('ETH', 'ETH')!, target, amount: 1n }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }));
  });
});
