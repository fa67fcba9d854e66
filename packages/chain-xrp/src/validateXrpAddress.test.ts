import { describe, expect, it } from 'vitest';
import { classicAddressToXAddress, Wallet } from 'xrpl';
import { validateXrpAddress } from './validateXrpAddress.js';

const CLASSIC = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const X_MAIN_TAGGED = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';

describe('validateXrpAddress (refund addresses)', () => {
  it('accepts a classic address', () => {
    expect(validateXrpAddress('XRP', CLASSIC)).toEqual({ ok: true, normalized: CLASSIC });
    expect(validateXrpAddress('XRP_TESTNET', ` ${CLASSIC}`)).toEqual({ ok: true, normalized: CLASSIC });
  });

  it('keeps the tag of an X-address (exchanges need it) and drops an X-address without one', () => {
    expect(validateXrpAddress('XRP', X_MAIN_TAGGED)).toEqual({ ok: true, normalized: X_MAIN_TAGGED });
    expect(validateXrpAddress('XRP', classicAddressToXAddress(CLASSIC, false, false))).toEqual({
      ok: true,
      normalized: CLASSIC,
    });
    const testTagged = classicAddressToXAddress(CLASSIC, 77, true);
    expect(validateXrpAddress('XRP_TESTNET', testTagged)).toEqual({ ok: true, normalized: testTagged });
  });

  it('refuses the other network, typos, glued tags, secrets and other chains', () => {
    expect(validateXrpAddress('XRP_TESTNET', X_MAIN_TAGGED)).toMatchObject({
      ok: false,
      code: 'WRONG_NETWORK',
    });
    expect(validateXrpAddress('XRP', `${X_MAIN_TAGGED.slice(0, -1)}j`)).toMatchObject({
      ok: false,
      code: 'CHECKSUM_MISMATCH',
    });
    expect(validateXrpAddress('XRP', `${CLASSIC}:12`)).toMatchObject({
      ok: false,
      code: 'TAG_NOT_ALLOWED',
      message: expect.stringMatching(/X-address/),
    });
    expect(validateXrpAddress('XRP', Wallet.generate().seed!)).toMatchObject({
      ok: false,
      code: 'SECRET_GIVEN',
    });
    expect(validateXrpAddress('BTC', CLASSIC)).toMatchObject({ ok: false, code: 'UNSUPPORTED_CHAIN' });
  });
});
