import { address, getBase58Encoder, isOffCurveAddress } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSolanaReference } from './deriveSolanaReference.js';

describe('deriveSolanaReference', () => {
  it('is deterministic and matches the recorded vector', () => {
    // Recorded once from this implementation: a change here changes every watched reference.
    expect(deriveSolanaReference('pay_01JZ8Q4M6S0Y')).toBe(deriveSolanaReference('pay_01JZ8Q4M6S0Y'));
    expect(deriveSolanaReference('pay_1')).toBe('7KZJZ1QiBh69r8UxZgCE54cTau4yfNtm3r5D3RzqhJXD');
  });

  it('gives distinct 32-byte base58 references for distinct payment ids', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        fc.string({ minLength: 1 }),
        (a, b) => {
          fc.pre(a !== b && b.trim() !== '');
          const ra = deriveSolanaReference(a);
          expect(getBase58Encoder().encode(ra)).toHaveLength(32);
          expect(ra).not.toBe(deriveSolanaReference(b));
        },
      ),
    );
  });

  it('yields keys on and off the curve alike (Solana Pay does not require either)', () => {
    const curves = new Set(
      Array.from({ length: 64 }, (_, i) => isOffCurveAddress(address(deriveSolanaReference(`pay_${i}`)))),
    );
    expect(curves).toEqual(new Set([true, false]));
  });

  it('refuses an empty payment id', () => {
    expect(() => deriveSolanaReference(' ')).toThrow(/payment id/);
  });
});
