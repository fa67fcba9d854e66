import { describe, expect, it } from 'vitest';
import { formatMinor, lineAmountMinor } from './lineAmount.js';

describe('lineAmountMinor', () => {
  it('multiplies exactly and rounds half-up to the minor units', () => {
    expect(lineAmountMinor('3', '19.99', 2)).toBe(5997n);
    expect(lineAmountMinor('1.5', '0.05', 2)).toBe(8n); // 0.075
    expect(lineAmountMinor('1.5', '0.03', 2)).toBe(5n); // 0.045
    expect(lineAmountMinor('0.3333', '3', 2)).toBe(100n); // 0.9999
    expect(lineAmountMinor('7', '1500', 0)).toBe(10500n);
    expect(lineAmountMinor('2', '0', 2)).toBe(0n);
    // Checked with Python's decimal module (ROUND_HALF_UP).
    expect(lineAmountMinor('9999999.9999', '999999999999999', 2)).toBe(999999999989999000000000n);
  });
});

describe('formatMinor', () => {
  it('writes exactly the currency decimals', () => {
    expect(formatMinor(5997n, 2)).toBe('59.97');
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(0n, 2)).toBe('0.00');
    expect(formatMinor(10500n, 0)).toBe('10500');
    expect(formatMinor(1234n, 3)).toBe('1.234');
  });
});
