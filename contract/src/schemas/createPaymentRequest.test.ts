import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CreatePaymentRequestSchema,
  DESCRIPTION_MAX_LENGTH,
  hasAcceptedSet,
} from './createPaymentRequest.js';

const valid = { fiat_amount: '49.90', fiat_currency: 'EUR' };
const issuesOf = (body: unknown) => {
  const result = CreatePaymentRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('CreatePaymentRequest', () => {
  it('accepts the minimal request and every optional field', () => {
    expect(issuesOf(valid)).toEqual([]);
    expect(
      issuesOf({
        ...valid,
        accepted_chains: ['BTC_TESTNET'],
        accepted_coins: ['USDC'],
        accepted_tokens: ['ETH_SEPOLIA:USDC'],
        restrict_to_accepted: true,
        order_id: 'order-1',
        description: 'x'.repeat(DESCRIPTION_MAX_LENGTH),
        customer_email: 'buyer@example.com',
        success_url: 'https://shop.example/ok',
        cancel_url: 'http://shop.example/cancel',
      }),
    ).toEqual([]);
  });

  it('rejects fiat_amount as a JSON number', () => {
    expect(issuesOf({ ...valid, fiat_amount: 49.9 })).toEqual(['fiat_amount']);
  });

  it.each(['', '0', '0.00', '-1', '1e3', '01.5', '1.', '.5', ' 1', '1,50', '1234567890123456'])(
    'rejects fiat_amount %j',
    (amount) => {
      expect(issuesOf({ ...valid, fiat_amount: amount })).toContain('fiat_amount');
    },
  );

  it('limits decimals to the currency’s minor units', () => {
    expect(issuesOf({ ...valid, fiat_amount: '1.005' })).toEqual(['fiat_amount']);
    expect(issuesOf({ fiat_amount: '1000', fiat_currency: 'JPY' })).toEqual([]);
    expect(issuesOf({ fiat_amount: '1000.5', fiat_currency: 'JPY' })).toEqual(['fiat_amount']);
    expect(issuesOf({ fiat_amount: '1.005', fiat_currency: 'BHD' })).toEqual([]);
  });

  it.each(['eur', 'EURO', 'XYZ', '', 'US'])('rejects fiat_currency %j', (currency) => {
    expect(issuesOf({ ...valid, fiat_currency: currency })).toEqual(['fiat_currency']);
  });

  it('counts description in characters (code points), so 200 emoji fit and 201 do not', () => {
    expect(issuesOf({ ...valid, description: '🪨'.repeat(DESCRIPTION_MAX_LENGTH) })).toEqual([]);
    expect(issuesOf({ ...valid, description: '🪨'.repeat(DESCRIPTION_MAX_LENGTH + 1) })).toEqual([
      'description',
    ]);
  });

  it('limits description to 200 characters', () => {
    expect(issuesOf({ ...valid, description: 'x'.repeat(DESCRIPTION_MAX_LENGTH + 1) })).toEqual([
      'description',
    ]);
  });

  it('checks the <CHAIN>:<SYMBOL> notation against the registry', () => {
    expect(issuesOf({ ...valid, accepted_tokens: ['ETH_SEPOLIA-USDC'] })).toEqual(['accepted_tokens.0']);
    expect(issuesOf({ ...valid, accepted_tokens: ['NOPE:USDC'] })).toEqual(['accepted_tokens.0']);
    expect(issuesOf({ ...valid, accepted_tokens: ['BTC:USDC'] })).toEqual(['accepted_tokens.0']);
    expect(issuesOf({ ...valid, accepted_chains: ['ETH_MAINNET'] })).toEqual(['accepted_chains.0']);
  });

  it('rejects unknown fields, bad urls and bad emails', () => {
    expect(issuesOf({ ...valid, amount: '1' })).toEqual(['']);
    expect(issuesOf({ ...valid, success_url: 'javascript:alert(1)' })).toEqual(['success_url']);
    expect(issuesOf({ ...valid, cancel_url: '/relative' })).toEqual(['cancel_url']);
    expect(issuesOf({ ...valid, customer_email: 'not-an-email' })).toEqual(['customer_email']);
  });

  it('tells whether an accepted set was given (RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST)', () => {
    expect(hasAcceptedSet({})).toBe(false);
    expect(hasAcceptedSet({ accepted_chains: [], accepted_coins: [], accepted_tokens: [] })).toBe(false);
    expect(hasAcceptedSet({ accepted_coins: ['BTC'] })).toBe(true);
  });

  it('accepts every positive amount with at most 2 decimals in EUR', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const amount = `${whole}.${String(cents).padStart(2, '0')}`;
          expect(issuesOf({ fiat_amount: amount, fiat_currency: 'EUR' })).toEqual([]);
        },
      ),
    );
  });
});
