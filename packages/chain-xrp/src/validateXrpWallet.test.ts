import { describe, expect, it } from 'vitest';
import { classicAddressToXAddress, Wallet } from 'xrpl';
import { validateXrpWallet } from './validateXrpWallet.js';

const CLASSIC = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
/** ripple-address-codec's published vector: CLASSIC with tag 4294967295 on Mainnet. */
const X_MAIN_TAGGED = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';

describe('validateXrpWallet', () => {
  it('accepts a classic address on either network and says which network it must exist on', () => {
    expect(validateXrpWallet({ chainId: 'XRP', value: ` ${CLASSIC} ` })).toEqual({
      ok: true,
      normalized: CLASSIC,
      kind: 'classic-address',
      outcome: 'Classic address verified (checksum); make sure the account exists on the XRP Ledger Mainnet',
    });
    const testnet = validateXrpWallet({ chainId: 'XRP_TESTNET', value: CLASSIC });
    expect(testnet).toMatchObject({ ok: true, normalized: CLASSIC });
    expect(testnet.ok && testnet.outcome).toMatch(/XRP Ledger Testnet/);
  });

  it('stores a tagless X-address of the chain network as its classic address', () => {
    const main = classicAddressToXAddress(CLASSIC, false, false);
    expect(validateXrpWallet({ chainId: 'XRP', value: main })).toMatchObject({
      ok: true,
      normalized: CLASSIC,
      outcome: expect.stringMatching(/^X-address converted to its classic address/),
    });
    const test = classicAddressToXAddress(CLASSIC, false, true);
    expect(validateXrpWallet({ chainId: 'XRP_TESTNET', value: test })).toMatchObject({
      ok: true,
      normalized: CLASSIC,
    });
  });

  it('refuses an X-address carrying a tag, naming the classic address to give instead', () => {
    const result = validateXrpWallet({ chainId: 'XRP', value: X_MAIN_TAGGED });
    expect(result).toMatchObject({ ok: false, code: 'X_ADDRESS_HAS_TAG' });
    expect(!result.ok && result.message).toContain('tag 4294967295');
    expect(!result.ok && result.message).toContain(CLASSIC);
    expect(
      validateXrpWallet({ chainId: 'XRP_TESTNET', value: classicAddressToXAddress(CLASSIC, 0, true) }),
    ).toMatchObject({ ok: false, code: 'X_ADDRESS_HAS_TAG' });
  });

  it('refuses an X-address of the other network', () => {
    expect(
      validateXrpWallet({ chainId: 'XRP', value: classicAddressToXAddress(CLASSIC, false, true) }),
    ).toMatchObject({ ok: false, code: 'WRONG_NETWORK' });
    const result = validateXrpWallet({
      chainId: 'XRP_TESTNET',
      value: classicAddressToXAddress(CLASSIC, false, false),
    });
    expect(result).toMatchObject({ ok: false, code: 'WRONG_NETWORK' });
    expect(!result.ok && result.message).toMatch(/XRP Ledger Testnet takes test X-addresses/);
  });

  it('refuses a wrong checksum', () => {
    const typo = `${CLASSIC.slice(0, 10)}${CLASSIC[10] === 'a' ? 'b' : 'a'}${CLASSIC.slice(11)}`;
    expect(validateXrpWallet({ chainId: 'XRP', value: typo })).toMatchObject({
      ok: false,
      code: 'CHECKSUM_MISMATCH',
    });
  });

  it('refuses a secret with a code and a message that say never to give it', () => {
    const wallet = Wallet.generate();
    const result = validateXrpWallet({ chainId: 'XRP', value: wallet.seed! });
    expect(result).toMatchObject({ ok: false, code: 'SECRET_GIVEN' });
    expect(!result.ok && result.message).toMatch(/Never give your secret/);
    expect(!result.ok && result.message).not.toContain(wallet.seed!);
  });

  it('refuses a tag glued to the address, another chain and garbage', () => {
    expect(validateXrpWallet({ chainId: 'XRP', value: `${CLASSIC}?dt=42` })).toMatchObject({
      ok: false,
      code: 'TAG_NOT_ALLOWED',
      message: expect.stringMatching(/Cairn gives every payment its own tag/),
    });
    expect(validateXrpWallet({ chainId: 'XLM', value: CLASSIC })).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
    });
    expect(validateXrpWallet({ chainId: 'XRP', value: 'not an address' })).toMatchObject({
      ok: false,
      code: 'INVALID_ADDRESS',
    });
  });
});
