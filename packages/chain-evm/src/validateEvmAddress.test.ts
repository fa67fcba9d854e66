import { describe, expect, it } from 'vitest';
import { validateEvmAddress } from './validateEvmAddress.js';

const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('validateEvmAddress', () => {
  it('returns the checksummed address for a refund, whatever the case or surroundings', () => {
    for (const input of [
      VITALIK,
      VITALIK.toLowerCase(),
      ` ${VITALIK} `,
      `ethereum:${VITALIK}@8453`,
      VITALIK.slice(2),
    ]) {
      expect(validateEvmAddress('BASE', input), input).toEqual({ ok: true, normalized: VITALIK });
    }
  });

  it('refuses a wrong checksum, the zero address and non-wallets', () => {
    expect(validateEvmAddress('BASE', VITALIK.replace('d8dA', 'd8DA'))).toMatchObject({
      ok: false,
      code: 'CHECKSUM_MISMATCH',
    });
    expect(validateEvmAddress('BASE', `0x${'0'.repeat(40)}`)).toMatchObject({
      ok: false,
      code: 'ZERO_ADDRESS',
    });
    expect(validateEvmAddress('POLYGON', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359')).toMatchObject({
      ok: false,
      code: 'TOKEN_CONTRACT',
    });
    expect(validateEvmAddress('BASE', '0x4200000000000000000000000000000000000006')).toMatchObject({
      ok: false,
      code: 'RESERVED_ADDRESS',
    });
  });

  it('refuses another network and a chain that is not EVM, with the interface fields only', () => {
    const wrong = validateEvmAddress('BASE', `eth:${VITALIK}`);
    expect(wrong).toEqual({
      ok: false,
      code: 'WRONG_NETWORK',
      message: expect.stringContaining('Base mainnet'),
    });
    expect(validateEvmAddress('LTC', VITALIK)).toMatchObject({ ok: false, code: 'UNSUPPORTED_CHAIN' });
  });

  it('refuses a runtime token contract given in the options', () => {
    const usdt = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
    expect(validateEvmAddress('ETH_LOCAL', usdt)).toEqual({ ok: true, normalized: usdt });
    expect(
      validateEvmAddress('ETH_LOCAL', usdt, { tokenContracts: { ETH_LOCAL: { USDT: usdt } } }),
    ).toMatchObject({
      ok: false,
      code: 'TOKEN_CONTRACT',
    });
  });
});
