import { getChain } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { startFakeRippled } from '../test/index.js';
import { createXrpAdapter } from './createXrpAdapter.js';
import { XrpAdapterError } from './XrpAdapterError.js';

const xrpAdapter = createXrpAdapter();

const CLASSIC = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const xrp = getChain('XRP')!;
const testnet = getChain('XRP_TESTNET')!;

describe('createXrpAdapter', () => {
  it('serves the xrp family of the registry', () => {
    expect(xrpAdapter.family).toBe('xrp');
    expect(xrp.family).toBe('xrp');
    expect(testnet.family).toBe('xrp');
    expect(xrp.coins[0]).toMatchObject({ symbol: 'XRP', decimals: 6 });
  });

  it('derives the target of payment index i from the stored wallet: tag i + 1', () => {
    const wallet = xrpAdapter.validateWallet({ chainId: 'XRP', value: CLASSIC });
    expect(wallet.ok).toBe(true);
    const target = xrpAdapter.deriveDepositTarget({
      chain: xrp,
      wallet: wallet.ok ? wallet.normalized : '',
      index: 4294967294,
      paymentId: 'pay_1',
    });
    expect(target).toEqual({
      address: CLASSIC,
      memo: '4294967295',
      matchKey: `${CLASSIC}:4294967295`,
      alternateAddress: 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi',
    });
    expect(() =>
      xrpAdapter.deriveDepositTarget({ chain: xrp, wallet: CLASSIC, index: 4294967295, paymentId: 'p' }),
    ).toThrow(XrpAdapterError);
    expect(() =>
      xrpAdapter.deriveDepositTarget({ chain: getChain('XLM')!, wallet: CLASSIC, index: 0, paymentId: 'p' }),
    ).toThrow(/not an XRP Ledger chain/);
  });

  it('builds the payment URI from the target and the amount in drops', () => {
    const target = xrpAdapter.deriveDepositTarget({
      chain: testnet,
      wallet: CLASSIC,
      index: 6,
      paymentId: 'p',
    });
    expect(
      xrpAdapter.buildPaymentUri({ chain: testnet, coin: testnet.coins[0]!, target, amount: 12_500_000n }),
    ).toBe(`xrpl://${CLASSIC}?amount=12.5&dt=7`);
    expect(() =>
      xrpAdapter.buildPaymentUri({
        chain: testnet,
        coin: { ...testnet.coins[0]!, symbol: 'USD' },
        target,
        amount: 1n,
      }),
    ).toThrow(/XRP only/);
    expect(() =>
      xrpAdapter.buildPaymentUri({
        chain: testnet,
        coin: testnet.coins[0]!,
        target: { ...target, memo: 'x' },
        amount: 1n,
      }),
    ).toThrow(/not a destination tag/);
  });

  it('validates refund addresses', () => {
    expect(xrpAdapter.validateAddress!('XRP', CLASSIC)).toEqual({ ok: true, normalized: CLASSIC });
  });

  it('opens a block-scan observer on a JSON-RPC backend only', async () => {
    expect(() =>
      xrpAdapter.createObserver!({ chain: xrp, backend: { kind: 'esplora', url: 'http://127.0.0.1:1' } }),
    ).toThrow(/CAIRN_CHAIN_XRP_RPC_URL/);
    const rippled = await startFakeRippled();
    try {
      const observer = xrpAdapter.createObserver!({
        chain: testnet,
        backend: { kind: 'json-rpc', url: rippled.url },
      });
      expect(observer).toMatchObject({ chainId: 'XRP_TESTNET', strategy: 'block-scan' });
      expect(await observer.tip()).toEqual({
        height: rippled.validated().index,
        hash: rippled.validated().hash,
      });
    } finally {
      await rippled.stop();
    }
  });
});
