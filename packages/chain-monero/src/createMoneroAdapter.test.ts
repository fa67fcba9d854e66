import { ChainAdapterRegistry } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { loadWalletRpcVectors } from '../test/walletRpcVectors.js';
import { createMoneroAdapter } from './createMoneroAdapter.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';

const moneroAdapter = createMoneroAdapter();

const vectors = loadWalletRpcVectors();
const mainnet = vectors.wallets.find((w) => w.network === 'mainnet')!;
const stagenet = vectors.wallets.find((w) => w.network === 'stagenet')!;
const regtest = getChain('XMR_REGTEST')!;
const stagenetChain = getChain('XMR_STAGENET')!;
const wallet = `${mainnet.address}:${mainnet.viewKey}`;

describe('createMoneroAdapter', () => {
  it('serves the monero family of the registry', () => {
    expect(moneroAdapter.family).toBe('monero');
    for (const id of ['XMR', 'XMR_STAGENET', 'XMR_REGTEST'])
      expect(getChain(id)!.family).toBe(moneroAdapter.family);
  });

  it('opens an observer only with both monerod and monero-wallet-rpc', () => {
    const chain = getChain('XMR_REGTEST')!;
    expect(() =>
      moneroAdapter.createObserver!({ chain, backend: { kind: 'json-rpc', url: 'http://127.0.0.1:18081' } }),
    ).toThrow(/set CAIRN_CHAIN_XMR_REGTEST_RPC_URL and _WALLET_RPC_URL/);
    expect(() =>
      moneroAdapter.createObserver!({ chain, backend: { kind: 'esplora', url: 'http://127.0.0.1:3000' } }),
    ).toThrow(MoneroAdapterError);
    const observer = moneroAdapter.createObserver!({
      chain,
      backend: { kind: 'json-rpc', url: 'http://127.0.0.1:18081', walletRpcUrls: ['http://127.0.0.1:18083'] },
    });
    expect(observer).toMatchObject({ chainId: 'XMR_REGTEST', strategy: 'target-poll' });
  });

  it('validates a wallet into the stored form the deposit targets derive from', () => {
    const result = moneroAdapter.validateWallet({
      chainId: 'XMR_REGTEST',
      value: `${mainnet.address}\n${mainnet.viewKey}`,
    });
    expect(result).toMatchObject({ ok: true, normalized: wallet, kind: 'view-key' });
  });

  it('gives payment index i subaddress (0, i + 1): never the primary address', () => {
    const account0 = mainnet.subaddresses.filter((s) => s.major === 0);
    expect(account0.map((s) => s.minor)).toEqual([1, 2, 3]);
    account0.forEach((subaddress, index) => {
      const target = moneroAdapter.deriveDepositTarget({ chain: regtest, wallet, index, paymentId: 'pay_x' });
      expect(target).toEqual({ address: subaddress.address, memo: '', matchKey: subaddress.address });
    });
    const stagenetWallet = `${stagenet.address}:${stagenet.viewKey}`;
    expect(
      moneroAdapter.deriveDepositTarget({
        chain: stagenetChain,
        wallet: stagenetWallet,
        index: 1,
        paymentId: 'p',
      }).address,
    ).toBe(stagenet.subaddresses.find((s) => s.major === 0 && s.minor === 2)!.address);
  });

  it('refuses a bad index, a wallet of another network and a corrupted wallet', () => {
    for (const index of [-1, 0.5, 0xffff_ffff]) {
      expect(() =>
        moneroAdapter.deriveDepositTarget({ chain: regtest, wallet, index, paymentId: 'p' }),
      ).toThrow(MoneroAdapterError);
    }
    expect(() =>
      moneroAdapter.deriveDepositTarget({ chain: stagenetChain, wallet, index: 0, paymentId: 'p' }),
    ).toThrow(/mainnet wallet/);
    expect(() =>
      moneroAdapter.deriveDepositTarget({
        chain: regtest,
        wallet: `${mainnet.address}:${mainnet.spendKey}`,
        index: 0,
        paymentId: 'p',
      }),
    ).toThrow(/does not belong/);
    expect(() =>
      moneroAdapter.deriveDepositTarget({
        chain: getChain('LTC_REGTEST')!,
        wallet,
        index: 0,
        paymentId: 'p',
      }),
    ).toThrow(/not a Monero chain/);
  });

  it('builds a monero: URI with the amount in XMR and the label as recipient_name', () => {
    const target = moneroAdapter.deriveDepositTarget({ chain: regtest, wallet, index: 0, paymentId: 'p' });
    expect(
      moneroAdapter.buildPaymentUri({
        chain: regtest,
        coin: regtest.coins[0]!,
        target,
        amount: 1_250_000_000_000n,
        label: 'Café',
      }),
    ).toBe(`monero:${target.address}?tx_amount=1.25&recipient_name=Caf%C3%A9`);
    expect(
      moneroAdapter.buildPaymentUri({ chain: regtest, coin: regtest.coins[0]!, target, amount: 1n }),
    ).toBe(`monero:${target.address}?tx_amount=0.000000000001`);
    const ltc = getChain('LTC_REGTEST')!;
    expect(() =>
      moneroAdapter.buildPaymentUri({ chain: ltc, coin: ltc.coins[0]!, target, amount: 1n }),
    ).toThrow(MoneroAdapterError);
    expect(() =>
      moneroAdapter.buildPaymentUri({
        chain: regtest,
        coin: { ...regtest.coins[0]!, symbol: 'USDT' },
        target,
        amount: 1n,
      }),
    ).toThrow(/XMR only/);
  });

  it('validates refund addresses', () => {
    expect(moneroAdapter.validateAddress?.('XMR_REGTEST', mainnet.integrated.address)).toEqual({
      ok: true,
      normalized: mainnet.integrated.address,
    });
    expect(moneroAdapter.validateAddress?.('XMR_STAGENET', mainnet.address)).toMatchObject({
      ok: false,
      code: 'WRONG_NETWORK',
    });
  });

  it('registers in the chain adapter registry for every Monero chain', () => {
    const registry = new ChainAdapterRegistry([moneroAdapter], ['XMR', 'XMR_STAGENET', 'XMR_REGTEST']);
    expect(registry.usableChainIds()).toEqual(['XMR', 'XMR_STAGENET', 'XMR_REGTEST']);
    expect(registry.get('XMR_REGTEST').adapter).toBe(moneroAdapter);
  });
});
