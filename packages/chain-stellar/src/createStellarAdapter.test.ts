import type { ChainDefinition, CoinDefinition } from '@cairn/contract';
import { getChain } from '@cairn/contract';
import { Keypair, Networks } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { buildStellarUri } from './buildStellarUri.js';
import { createStellarAdapter } from './createStellarAdapter.js';
import { STELLAR_USDC_ISSUERS, usdcIssuerOf } from './stellarUsdc.js';

const stellarAdapter = createStellarAdapter();

const XLM = getChain('XLM')!;
const XLM_TESTNET = getChain('XLM_TESTNET')!;
const G = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 4)).publicKey();
const native = XLM.coins[0]!;
const usdc: CoinDefinition = { symbol: 'USDC', name: 'USD Coin', decimals: 7, kind: 'token' };

describe('buildStellarUri', () => {
  it('writes the SEP-7 example 1 shape (lumens) exactly', () => {
    expect(
      buildStellarUri({
        destination: 'GCALNQQBXAPZ2WIRSDDBMSTAKCUH5SG6U76YBFLQLIXJTF7FE5AX7AOO',
        amount: 1_201_234_567n,
        msg: 'pay me with lumens',
      }),
    ).toBe(
      'web+stellar:pay?destination=GCALNQQBXAPZ2WIRSDDBMSTAKCUH5SG6U76YBFLQLIXJTF7FE5AX7AOO&amount=120.1234567&msg=pay%20me%20with%20lumens',
    );
  });

  it('refuses a zero amount', () => {
    expect(() => buildStellarUri({ destination: G, amount: 0n })).toThrow(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
  });
});

describe('stellarAdapter.buildPaymentUri', () => {
  const target = stellarAdapter.deriveDepositTarget({ chain: XLM, wallet: G, index: 41, paymentId: 'p' });

  it('pays XLM on the public network: destination, amount, ID memo, no passphrase', () => {
    const uri = stellarAdapter.buildPaymentUri({
      chain: XLM,
      coin: native,
      target,
      amount: 125_000_000n,
      label: 'Café & Co',
    });
    expect(uri).toBe(
      `web+stellar:pay?destination=${G}&amount=12.5&memo=42&memo_type=MEMO_ID&msg=Caf%C3%A9%20%26%20Co`,
    );
    const params = new URL(uri).searchParams;
    expect(params.get('msg')).toBe('Café & Co');
    expect(params.has('asset_code')).toBe(false);
  });

  it('pays Circle USDC on the testnet with asset_code, asset_issuer and network_passphrase', () => {
    const t = stellarAdapter.deriveDepositTarget({ chain: XLM_TESTNET, wallet: G, index: 0, paymentId: 'p' });
    const uri = stellarAdapter.buildPaymentUri({
      chain: XLM_TESTNET,
      coin: usdc,
      target: t,
      amount: 10_000_001n,
    });
    const params = new URL(uri).searchParams;
    expect(uri.startsWith('web+stellar:pay?')).toBe(true);
    expect(Object.fromEntries(params)).toEqual({
      destination: G,
      amount: '1.0000001',
      asset_code: 'USDC',
      asset_issuer: STELLAR_USDC_ISSUERS.testnet,
      memo: '1',
      memo_type: 'MEMO_ID',
      network_passphrase: Networks.TESTNET,
    });
    expect(uri).toContain('network_passphrase=Test%20SDF%20Network%20%3B%20September%202015');
  });

  it('takes the USDC issuer from the registry coin when it has one', () => {
    const other = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 5)).publicKey();
    const chain: ChainDefinition = { ...XLM, coins: [native, { ...usdc, contract: other }] };
    expect(usdcIssuerOf(chain)).toBe(other);
    expect(usdcIssuerOf(XLM)).toBe(STELLAR_USDC_ISSUERS.public);
    const uri = stellarAdapter.buildPaymentUri({ chain, coin: usdc, target, amount: 1n });
    expect(new URL(uri).searchParams.get('asset_issuer')).toBe(other);
  });

  it('refuses other coins and bad memos', () => {
    const eth: CoinDefinition = { symbol: 'USDT', name: 'Tether', decimals: 7, kind: 'token' };
    expect(() => stellarAdapter.buildPaymentUri({ chain: XLM, coin: eth, target, amount: 1n })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_COIN' }),
    );
    expect(() =>
      stellarAdapter.buildPaymentUri({ chain: XLM, coin: { ...usdc, decimals: 6 }, target, amount: 1n }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_COIN' }));
    expect(() =>
      stellarAdapter.buildPaymentUri({
        chain: XLM,
        coin: native,
        target: { ...target, memo: 'abc' },
        amount: 1n,
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_PAYMENT_URI_INPUT' }));
  });

  it('is the stellar family and validates through StrKey', () => {
    expect(stellarAdapter.family).toBe('stellar');
    expect(stellarAdapter.validateWallet({ chainId: 'XLM', value: G }).ok).toBe(true);
    expect(stellarAdapter.validateAddress?.('XLM', target.alternateAddress!)).toEqual({
      ok: true,
      normalized: target.alternateAddress,
    });
  });
});
