import { parseUnits } from '@cairn/chain-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildUtxoUri } from './buildUtxoUri.js';

describe('buildUtxoUri', () => {
  it('builds scheme:address?amount=...&label=...', () => {
    expect(
      buildUtxoUri({
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
      buildUtxoUri({
        scheme: 'bitcoincash',
        address: 'bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6',
        amount: 1n,
        decimals: 8,
      }),
    ).toBe('bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6?amount=0.00000001');
  });

  it('omits a zero amount and an empty label, and refuses a negative amount', () => {
    expect(buildUtxoUri({ scheme: 'dogecoin', address: 'D1', amount: 0n, decimals: 8, label: '' })).toBe(
      'dogecoin:D1',
    );
    expect(buildUtxoUri({ scheme: 'bitcoin', address: 'bc1q', amount: 0n, decimals: 8, label: 'Shop' })).toBe(
      'bitcoin:bc1q?label=Shop',
    );
    expect(() => buildUtxoUri({ scheme: 'bitcoin', address: 'bc1q', amount: -1n, decimals: 8 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PAYMENT_URI_INPUT' }),
    );
  });

  it('writes every amount exactly, without trailing zeros (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), (amount) => {
        const uri = buildUtxoUri({ scheme: 'bitcoin', address: 'bc1q', amount, decimals: 8 });
        const text = /\?amount=([0-9.]+)$/.exec(uri)?.[1] as string;
        expect(text).not.toMatch(/\.$|\.[0-9]*0$/);
        expect(parseUnits(text, 8)).toBe(amount);
      }),
    );
  });
});
