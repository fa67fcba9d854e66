import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMoneroJson } from './parseMoneroJson.js';
import { stringifyMoneroJson } from './stringifyMoneroJson.js';

describe('parseMoneroJson', () => {
  it('keeps amounts above 2^53 exact as digit strings and smaller integers as numbers', () => {
    // As monero-wallet-rpc prints it: pretty, with a space after the colon.
    const raw = `{
  "result": {
    "balance": 9007199254740993,
    "unlocked_balance": 18446744073709551615,
    "amounts": [1234567890123456, 5, 9007199254740991],
    "fee": 2605200000,
    "height": 81,
    "difficulty": -12345678901234567
  }
}`;
    const parsed = parseMoneroJson(raw) as { result: Record<string, unknown> };
    expect(parsed.result).toEqual({
      balance: '9007199254740993',
      unlocked_balance: '18446744073709551615',
      amounts: ['1234567890123456', 5, '9007199254740991'],
      fee: 2605200000,
      height: 81,
      difficulty: '-12345678901234567',
    });
  });

  it('never rewrites inside strings, decimals or exponents', () => {
    const raw =
      '{"note":"pay \\"amount\\": 12345678901234567 now","label":"\\\\","x":1.12345678901234567,"y":1e12345678901234567,"z":"12345678901234567"}';
    expect(parseMoneroJson(raw)).toEqual(JSON.parse(raw));
  });

  it('round-trips any uint64 written by stringifyMoneroJson', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.string(), (amount, note) => {
        const parsed = parseMoneroJson(stringifyMoneroJson({ note, amounts: [amount], amount })) as {
          note: string;
          amount: number | string;
          amounts: (number | string)[];
        };
        expect(parsed.note).toBe(note);
        expect(BigInt(parsed.amount)).toBe(amount);
        expect(BigInt(parsed.amounts[0]!)).toBe(amount);
      }),
    );
  });
});
