import { describe, expect, it } from 'vitest';
import { timingSafeEqualBytes } from './timingSafeEqualBytes.js';

describe('timingSafeEqualBytes', () => {
  it('compares equal-length arrays byte by byte', () => {
    expect(timingSafeEqualBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqualBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqualBytes(new Uint8Array(32), new Uint8Array(32).fill(0x80))).toBe(false);
  });

  it('returns false, without throwing, for different lengths', () => {
    expect(timingSafeEqualBytes(new Uint8Array(32), new Uint8Array(31))).toBe(false);
    expect(timingSafeEqualBytes(new Uint8Array(0), new Uint8Array(1))).toBe(false);
  });
});
