import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xAddressToClassicAddress } from 'xrpl';
import { deriveXrpDepositTarget, destinationTagOf, MAX_XRP_PAYMENT_INDEX } from './deriveXrpDepositTarget.js';
import { XrpAdapterError } from './XrpAdapterError.js';

const CLASSIC = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';

describe('destinationTagOf', () => {
  it('gives payment index i tag i + 1, never 0, within uint32', () => {
    expect(destinationTagOf(0)).toBe(1);
    expect(destinationTagOf(41)).toBe(42);
    expect(destinationTagOf(MAX_XRP_PAYMENT_INDEX)).toBe(0xffff_ffff);
  });

  it('refuses indices whose tag would not be a uint32', () => {
    for (const index of [-1, 0.5, MAX_XRP_PAYMENT_INDEX + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => destinationTagOf(index), String(index)).toThrow(XrpAdapterError);
    }
  });
});

describe('deriveXrpDepositTarget', () => {
  it('derives address, tag memo, match key and the X-address of both (published vector)', () => {
    // ripple-address-codec's vector: CLASSIC with tag 4294967295 on Mainnet.
    expect(
      deriveXrpDepositTarget({ chainId: 'XRP', address: CLASSIC, index: MAX_XRP_PAYMENT_INDEX }),
    ).toEqual({
      address: CLASSIC,
      memo: '4294967295',
      matchKey: `${CLASSIC}:4294967295`,
      alternateAddress: 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi',
    });
  });

  it('uses test X-addresses on XRP_TESTNET', () => {
    const target = deriveXrpDepositTarget({ chainId: 'XRP_TESTNET', address: CLASSIC, index: 0 });
    expect(target).toMatchObject({ address: CLASSIC, memo: '1', matchKey: `${CLASSIC}:1` });
    expect(target.alternateAddress).toMatch(/^T/);
    expect(xAddressToClassicAddress(target.alternateAddress!)).toEqual({
      classicAddress: CLASSIC,
      tag: 1,
      test: true,
    });
  });

  it('refuses a stored wallet that is not a classic address', () => {
    expect(() => deriveXrpDepositTarget({ chainId: 'XRP', address: 'rNotAnAddress', index: 0 })).toThrow(
      /not a classic XRP Ledger address/,
    );
  });

  it('is deterministic and its X-address always decodes to address and tag (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_XRP_PAYMENT_INDEX }), fc.boolean(), (index, testnet) => {
        const chainId = testnet ? 'XRP_TESTNET' : 'XRP';
        const target = deriveXrpDepositTarget({ chainId, address: CLASSIC, index });
        expect(deriveXrpDepositTarget({ chainId, address: CLASSIC, index })).toEqual(target);
        expect(target.matchKey).toBe(`${CLASSIC}:${index + 1}`);
        expect(xAddressToClassicAddress(target.alternateAddress!)).toEqual({
          classicAddress: CLASSIC,
          tag: index + 1,
          test: testnet,
        });
      }),
      { numRuns: 200 },
    );
  });
});
