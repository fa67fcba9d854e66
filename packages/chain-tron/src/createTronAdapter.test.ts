import { CHAINS } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTronNode, startFakeTronNode } from '../test/index.js';
import { createTronAdapter } from './createTronAdapter.js';
import { tronFactoryAddressFor, tronForwarderFor } from './tronForwarders.js';

const DEPLOYER = 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM';
const TREASURY = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const PAYMENT = '0b6f1f5e-3c1a-4d2b-9e8f-7a6b5c4d3e2f';
const adapter = createTronAdapter({ deployers: { TRON: DEPLOYER, TRON_NILE: DEPLOYER } });

describe('createTronAdapter', () => {
  it('derives the forwarder as deposit target, keyed by its 20-byte account, and the factory as onboarding', () => {
    const target = adapter.deriveDepositTarget({
      chain: CHAINS.TRON,
      wallet: TREASURY,
      index: 0,
      paymentId: PAYMENT,
    });
    const expected = tronForwarderFor({
      deployer: DEPLOYER,
      treasury: TREASURY,
      saltChainId: 0x2b6653dc,
      paymentId: PAYMENT,
    });
    expect(target).toEqual({
      address: expected.address,
      memo: '',
      matchKey: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(adapter.onboardingAddress?.({ chain: CHAINS.TRON, wallet: TREASURY })).toBe(
      tronFactoryAddressFor({ deployer: DEPLOYER, treasury: TREASURY }),
    );
    const nile = adapter.deriveDepositTarget({
      chain: CHAINS.TRON_NILE,
      wallet: TREASURY,
      index: 0,
      paymentId: PAYMENT,
    });
    expect(nile.address).not.toBe(target.address);
  });

  it('refuses to derive without a deployer, on another family, or from a wallet that is not TRON', () => {
    expect(() =>
      createTronAdapter().deriveDepositTarget({
        chain: CHAINS.TRON,
        wallet: TREASURY,
        index: 0,
        paymentId: PAYMENT,
      }),
    ).toThrow(expect.objectContaining({ code: 'DEPLOYER_NOT_CONFIGURED' }));
    expect(() =>
      adapter.deriveDepositTarget({ chain: CHAINS.ETH, wallet: TREASURY, index: 0, paymentId: PAYMENT }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }));
    expect(() =>
      adapter.deriveDepositTarget({
        chain: CHAINS.TRON,
        wallet: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        index: 0,
        paymentId: PAYMENT,
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_ADDRESS' }));
  });

  it('builds URIs for TRX and USDT from the registry', () => {
    const target = adapter.deriveDepositTarget({
      chain: CHAINS.TRON,
      wallet: TREASURY,
      index: 0,
      paymentId: PAYMENT,
    });
    const coin = (symbol: string) => {
      const found = CHAINS.TRON.coins.find((c) => c.symbol === symbol);
      if (!found) throw new Error(`TRON carries no ${symbol}`);
      return found;
    };
    const [trx, usdt] = [coin('TRX'), coin('USDT')];
    expect(adapter.buildPaymentUri({ chain: CHAINS.TRON, coin: trx, target, amount: 1_000_000n })).toBe(
      `tron:${target.address}?amount=1`,
    );
    expect(adapter.buildPaymentUri({ chain: CHAINS.TRON, coin: usdt, target, amount: 2_500_000n })).toBe(
      `tron:${target.address}?amount=2.5&token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`,
    );
    expect(adapter.buildPaymentUri({ chain: CHAINS.TRON_NILE, coin: usdt, target, amount: 1n })).toBe(
      `tron:${target.address}?amount=0.000001&token=TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf`,
    );
    expect(() =>
      adapter.buildPaymentUri({
        chain: CHAINS.TRON_NILE,
        coin: { ...usdt, symbol: 'USDC' },
        target,
        amount: 1n,
      }),
    ).toThrow(expect.objectContaining({ code: 'UNKNOWN_TOKEN' }));
  });

  it('refuses an Esplora backend', () => {
    expect(() =>
      adapter.createObserver?.({ chain: CHAINS.TRON, backend: { kind: 'esplora', url: 'http://x' } }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_BACKEND' }));
  });

  describe('end to end with the fake node', () => {
    let node: FakeTronNode;
    beforeAll(async () => {
      node = await startFakeTronNode();
    });
    afterAll(() => node.stop());

    it("matches the observer's outputs to the derived target's match key, for TRX and USDT", async () => {
      const target = adapter.deriveDepositTarget({
        chain: CHAINS.TRON,
        wallet: TREASURY,
        index: 0,
        paymentId: PAYMENT,
      });
      const observer = adapter.createObserver?.({
        chain: CHAINS.TRON,
        backend: { kind: 'json-rpc', url: node.url },
      });
      if (observer?.strategy !== 'block-scan') throw new Error('expected a block-scan observer');
      const trx = node.pay({ address: target.address, amount: 3_000_000n, coin: 'TRX' });
      const usdt = node.pay({ address: target.address, amount: 25_000_000n, coin: 'USDT' });
      const [closed] = node.closeBlocks(1);
      const block = await observer.block((await observer.blockHashAt(closed!.height)) as string);
      const paid = block.outputs.filter((o) => o.matchKey === target.matchKey);
      expect(paid).toEqual([
        { txid: trx, index: -1, matchKey: target.matchKey, amount: 3_000_000n },
        { txid: usdt, index: 0, matchKey: target.matchKey, amount: 25_000_000n, coinSymbol: 'USDT' },
      ]);
    });
  });
});
