import { parseUnits } from '@cairn/chain-core';
import { CHAINS } from '@cairn/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSolanaUri } from './buildSolanaUri.js';
import { createSolanaAdapter } from './createSolanaAdapter.js';
import { deriveSolanaReference } from './deriveSolanaReference.js';

const solanaAdapter = createSolanaAdapter();

const SPEC_WALLET = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('the Solana Pay amount', () => {
  const amountOf = (amount: bigint, decimals: number) =>
    new URL(buildSolanaUri({ recipient: SPEC_WALLET, amount, decimals })).searchParams.get('amount');

  it('writes user units without trailing zeros, with a leading 0 below 1', () => {
    expect(amountOf(1_000_000_000n, 9)).toBe('1');
    expect(amountOf(1_500_000_000n, 9)).toBe('1.5');
    expect(amountOf(10_000n, 6)).toBe('0.01');
    expect(amountOf(1n, 9)).toBe('0.000000001');
    expect(amountOf(0n, 6)).toBe('0');
    expect(amountOf(18_446_744_073_709_551_615n, 9)).toBe('18446744073.709551615');
    expect(() => amountOf(-1n, 9)).toThrow(/negative/);
    expect(() => amountOf(1n, 256)).toThrow(/decimals must be an integer from 0 to 255/);
  });

  it('always matches the reference parser and round-trips exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.integer({ min: 0, max: 18 }),
        (amount, decimals) => {
          const text = amountOf(amount, decimals)!;
          expect(text).toMatch(/^\d+(\.\d+)?$/);
          expect(text).not.toMatch(/\.\d*0$/);
          expect(parseUnits(text, decimals)).toBe(amount);
        },
      ),
    );
  });
});

describe('buildSolanaUri', () => {
  it("reproduces the specification's examples (without their memo)", () => {
    expect(
      buildSolanaUri({
        recipient: SPEC_WALLET,
        amount: 1_000_000_000n,
        decimals: 9,
        label: 'Michael',
        message: 'Thanks for all the fish',
      }),
    ).toBe(`solana:${SPEC_WALLET}?amount=1&label=Michael&message=Thanks%20for%20all%20the%20fish`);
    expect(
      buildSolanaUri({
        recipient: SPEC_WALLET,
        amount: 10_000n,
        decimals: 6,
        splToken: USDC,
        label: 'Michael',
        message: 'Thanks for all the fish',
      }),
    ).toBe(
      `solana:${SPEC_WALLET}?amount=0.01&spl-token=${USDC}&label=Michael&message=Thanks%20for%20all%20the%20fish`,
    );
    expect(buildSolanaUri({ recipient: SPEC_WALLET })).toBe(`solana:${SPEC_WALLET}`);
  });

  it('puts references in order and percent-encodes the label', () => {
    const a = deriveSolanaReference('a');
    const b = deriveSolanaReference('b');
    expect(buildSolanaUri({ recipient: SPEC_WALLET, references: [a, b], label: 'Café & Co?/#' })).toBe(
      `solana:${SPEC_WALLET}?reference=${a}&reference=${b}&label=Caf%C3%A9%20%26%20Co%3F%2F%23`,
    );
  });

  it('refuses a token account as recipient and an amount without decimals', () => {
    expect(() => buildSolanaUri({ recipient: 'not base58 0' })).toThrow(/wallet address/);
    expect(() => buildSolanaUri({ recipient: SPEC_WALLET, amount: 1n })).toThrow(/decimals/);
  });
});

describe('solanaAdapter.buildPaymentUri', () => {
  const target = solanaAdapter.deriveDepositTarget({
    chain: CHAINS.SOL,
    wallet: SPEC_WALLET,
    index: 0,
    paymentId: 'pay_123',
  });
  const reference = deriveSolanaReference('pay_123');

  it('requests SOL with the reference and label', () => {
    expect(
      solanaAdapter.buildPaymentUri({
        chain: CHAINS.SOL,
        coin: CHAINS.SOL.coins[0]!,
        target,
        amount: 250_000_000n,
        label: 'Acme',
      }),
    ).toBe(`solana:${SPEC_WALLET}?amount=0.25&reference=${reference}&label=Acme`);
  });

  it("requests USDC with the registry coin's mint", () => {
    expect(
      solanaAdapter.buildPaymentUri({
        chain: CHAINS.SOL,
        coin: CHAINS.SOL.coins[1]!,
        target,
        amount: 19_990_000n,
      }),
    ).toBe(`solana:${SPEC_WALLET}?amount=19.99&spl-token=${USDC}&reference=${reference}`);
  });

  it("requests devnet USDC with the registry's devnet mint", () => {
    expect(
      solanaAdapter.buildPaymentUri({
        chain: CHAINS.SOL_DEVNET,
        coin: CHAINS.SOL_DEVNET.coins.find((c) => c.symbol === 'USDC')!,
        target,
        amount: 1_000_000n,
      }),
    ).toBe(
      `solana:${SPEC_WALLET}?amount=1&spl-token=4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU&reference=${reference}`,
    );
  });

  it('refuses a token without a mint on the chain', () => {
    const chain = {
      ...CHAINS.SOL_DEVNET,
      coins: [
        CHAINS.SOL_DEVNET.coins[0]!,
        { symbol: 'EURC', name: 'Euro Coin', decimals: 6, kind: 'token' as const },
      ],
    };
    expect(() =>
      solanaAdapter.buildPaymentUri({
        chain,
        coin: chain.coins[1]!,
        target,
        amount: 1n,
      }),
    ).toThrow(/EURC has no mint on SOL_DEVNET/);
  });
});
