import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBip21Uri } from './buildBip21Uri.js';
import { formatDecimalAmount } from './formatDecimalAmount.js';

describe('formatDecimalAmount', () => {
  it.each([
    [0n, 8, '0'],
    [1n, 8, '0.00000001'],
    [100_000_000n, 8, '1'],
    [150_000_000n, 8, '1.5'],
    [123_456_789_012n, 8, '1234.56789012'],
    [2_100_000_000_000_000n, 8, '21000000'],
    [10n, 0, '10'],
    [-150n, 2, '-1.5'],
  ])('%s with %i decimals is %s', (amount, decimals, expected) => {
    expect(formatDecimalAmount(amount, decimals)).toBe(expected);
  });

  it('round-trips any amount exactly (no float)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (amount) => {
        const [whole = '', fraction = ''] = formatDecimalAmount(amount, 8).split('.');
        expect(fraction).not.toMatch(/0$/);
        expect(BigInt(whole) * 10n ** 8n + BigInt(fraction.padEnd(8, '0'))).toBe(amount);
      }),
    );
  });

  it('refuses invalid decimals', () => {
    expect(() => formatDecimalAmount(1n, -1)).toThrow(RangeError);
  });
});

describe('buildBip21Uri', () => {
  it('builds scheme:address?amount=...&label=...', () => {
    expect(
      buildBip21Uri({
        scheme: 'litecoin',
        address: 'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg',
        amount: 150_000_000n,
        decimals: 8,
        label: 'Café & Co',
      }),
    ).toBe('litecoin:rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg?amount=1.5&label=Caf%C3%A9%20%26%20Co');
  });

  it('does not double the CashAddr prefix', () => {
    expect(
      buildBip21Uri({
        scheme: 'bitcoincash',
        address: 'bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6',
        amount: 1n,
        decimals: 8,
      }),
    ).toBe('bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6?amount=0.00000001');
  });

  it('omits a zero amount and an empty label, and refuses a negative amount', () => {
    expect(buildBip21Uri({ scheme: 'dogecoin', address: 'D1', amount: 0n, decimals: 8, label: '' })).toBe(
      'dogecoin:D1',
    );
    expect(
      buildBip21Uri({ scheme: 'bitcoin', address: 'bc1q', amount: 0n, decimals: 8, label: 'Shop' }),
    ).toBe('bitcoin:bc1q?label=Shop');
    expect(() => buildBip21Uri({ scheme: 'bitcoin', address: 'bc1q', amount: -1n, decimals: 8 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PAYMENT_URI_INPUT' }),
    );
  });
});
