import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classicAddressToXAddress, encodeAccountID, Wallet } from 'xrpl';
import { parseXrpAddress } from './parseXrpAddress.js';
import { XrpAdapterError } from './XrpAdapterError.js';

/** ripple-address-codec's published vector: this classic address with tag 4294967295 on Mainnet. */
const CLASSIC = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const X_MAIN_TAG_MAX = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';

const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof XrpAdapterError) return error.code;
    throw error;
  }
  return 'NO_ERROR';
};

/** Changes one base58 character near the end: the checksum no longer matches. */
const typo = (text: string) => `${text.slice(0, -3)}${text.at(-3) === 'a' ? 'b' : 'a'}${text.slice(-2)}`;

describe('parseXrpAddress', () => {
  it('reads classic addresses on both networks (they carry no network)', () => {
    expect(parseXrpAddress(CLASSIC, 'XRP')).toEqual({
      classicAddress: CLASSIC,
      tag: undefined,
      form: 'classic',
    });
    expect(parseXrpAddress(`  ${CLASSIC}\n`, 'XRP_TESTNET').classicAddress).toBe(CLASSIC);
  });

  it('reads X-addresses of the chain network, with their tag (published vector)', () => {
    expect(parseXrpAddress(X_MAIN_TAG_MAX, 'XRP')).toEqual({
      classicAddress: CLASSIC,
      tag: 4294967295,
      form: 'x-address',
    });
    const testnet = classicAddressToXAddress(CLASSIC, false, true);
    expect(testnet).toMatch(/^T/);
    expect(parseXrpAddress(testnet, 'XRP_TESTNET')).toEqual({
      classicAddress: CLASSIC,
      tag: undefined,
      form: 'x-address',
    });
    expect(parseXrpAddress(classicAddressToXAddress(CLASSIC, 0, false), 'XRP').tag).toBe(0);
  });

  it('refuses an X-address of the other network', () => {
    expect(codeOf(() => parseXrpAddress(X_MAIN_TAG_MAX, 'XRP_TESTNET'))).toBe('WRONG_NETWORK');
    const testnet = classicAddressToXAddress(CLASSIC, 9, true);
    expect(() => parseXrpAddress(testnet, 'XRP')).toThrow(
      /test network.*XRP Ledger Mainnet takes main-network/,
    );
  });

  it('tells a checksum typo from something that is no address', () => {
    expect(codeOf(() => parseXrpAddress(typo(CLASSIC), 'XRP'))).toBe('CHECKSUM_MISMATCH');
    expect(codeOf(() => parseXrpAddress(typo(X_MAIN_TAG_MAX), 'XRP'))).toBe('CHECKSUM_MISMATCH');
    expect(codeOf(() => parseXrpAddress('0x52908400098527886E0F7030069857D2E4169EE7', 'XRP'))).toBe(
      'INVALID_ADDRESS',
    );
    expect(codeOf(() => parseXrpAddress('', 'XRP'))).toBe('INVALID_ADDRESS');
    // A lower-cased address is a different base58 text: its checksum fails.
    expect(codeOf(() => parseXrpAddress(CLASSIC.toLowerCase(), 'XRP'))).toBe('CHECKSUM_MISMATCH');
  });

  it('refuses secrets, tags glued to a classic address and black holes', () => {
    expect(codeOf(() => parseXrpAddress(Wallet.generate().seed!, 'XRP'))).toBe('SECRET_GIVEN');
    for (const text of [`${CLASSIC}?dt=5`, `${CLASSIC}:5`, `${CLASSIC} 5`, `${CLASSIC} dt 5`]) {
      expect(
        codeOf(() => parseXrpAddress(text, 'XRP')),
        text,
      ).toBe('TAG_NOT_ALLOWED');
    }
    expect(codeOf(() => parseXrpAddress(encodeAccountID(new Uint8Array(20)), 'XRP'))).toBe(
      'BLACK_HOLE_ADDRESS',
    );
    expect(codeOf(() => parseXrpAddress('rrrrrrrrrrrrrrrrrrrrBZbvji', 'XRP'))).toBe('BLACK_HOLE_ADDRESS');
  });

  it('round-trips every account and tag through an X-address (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }).filter((bytes) => bytes.some((b) => b > 1)),
        fc.option(fc.integer({ min: 0, max: 0xffff_ffff }), { nil: undefined }),
        fc.boolean(),
        (accountId, tag, test) => {
          const classic = encodeAccountID(accountId);
          const x = classicAddressToXAddress(classic, tag ?? false, test);
          expect(parseXrpAddress(x, test ? 'XRP_TESTNET' : 'XRP')).toEqual({
            classicAddress: classic,
            tag,
            form: 'x-address',
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
