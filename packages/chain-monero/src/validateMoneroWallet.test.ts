import { describe, expect, it } from 'vitest';
import { loadWalletRpcVectors } from '../test/walletRpcVectors.js';
import { ED25519_ORDER, scalarToBytes } from './moneroKeys.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';
import { validateMoneroWallet } from './validateMoneroWallet.js';

const vectors = loadWalletRpcVectors();
const mainnet = vectors.wallets.find((w) => w.network === 'mainnet')!;
const stagenet = vectors.wallets.find((w) => w.network === 'stagenet')!;
const testnet = vectors.wallets.find((w) => w.network === 'testnet')!;
const normalized = `${mainnet.address}:${mainnet.viewKey}`;
const accepted = {
  ok: true,
  normalized,
  kind: 'view-key',
  outcome: 'Primary address and private view key verified',
};

const validate = (value: string, chainId = 'XMR_REGTEST') => validateMoneroWallet({ chainId, value });

describe('validateMoneroWallet', () => {
  it.each([
    ['address:viewkey', `${mainnet.address}:${mainnet.viewKey}`],
    ['a space between', `${mainnet.address} ${mainnet.viewKey}`],
    ['a line break between, surrounding blanks', `\n  ${mainnet.address}\r\n${mainnet.viewKey}  \n`],
    ['an upper-case view key', `${mainnet.address}:${mainnet.viewKey.toUpperCase()}`],
    ['the other order', `${mainnet.viewKey}\n${mainnet.address}`],
  ])('accepts %s and stores address:viewkey (lower case)', (_case, value) => {
    expect(validate(value)).toEqual(accepted);
    expect(validate(value, 'XMR')).toEqual(accepted);
  });

  it('accepts a stagenet wallet on XMR_STAGENET only', () => {
    const value = `${stagenet.address}:${stagenet.viewKey}`;
    expect(validateMoneroWallet({ chainId: 'XMR_STAGENET', value })).toMatchObject({
      ok: true,
      normalized: value,
    });
    expect(validate(value)).toMatchObject({ ok: false, code: 'WRONG_NETWORK' });
    expect(validateMoneroWallet({ chainId: 'XMR_STAGENET', value: normalized })).toEqual({
      ok: false,
      code: 'WRONG_NETWORK',
      message:
        'This is a Monero mainnet address; Monero Stagenet takes stagenet addresses (starting with 5 or 7).',
    });
    expect(validate(`${testnet.address}:${testnet.viewKey}`, 'XMR')).toMatchObject({
      ok: false,
      code: 'WRONG_NETWORK',
    });
  });

  it('refuses the spend key with SPEND_KEY_GIVEN and says Cairn must never have it', () => {
    const result = validate(`${mainnet.address}:${mainnet.spendKey}`);
    expect(result).toMatchObject({ ok: false, code: 'SPEND_KEY_GIVEN' });
    expect(!result.ok && result.message).toMatch(/private spend key/);
    expect(!result.ok && result.message).toMatch(/needs the private view key/);
    expect(!result.ok && result.message).toMatch(/must never be given the spend key/);
  });

  it("refuses another wallet's key with VIEW_KEY_MISMATCH, naming the private view key (not the spend key)", () => {
    for (const key of [stagenet.viewKey, stagenet.spendKey]) {
      const result = validate(`${mainnet.address}:${key}`);
      expect(result).toMatchObject({ ok: false, code: 'VIEW_KEY_MISMATCH' });
      expect(!result.ok && result.message).toMatch(/the private view key \(not the spend key\)/);
      expect(!result.ok && result.message).toMatch(/same wallet/);
    }
    const publicKey = validate(`${mainnet.address}:${parseMoneroAddress(mainnet.address).publicViewKey}`);
    expect(publicKey).toMatchObject({ ok: false, code: 'VIEW_KEY_MISMATCH' });
    expect(!publicKey.ok && publicKey.message).toMatch(/You gave a public key/);
    expect(
      validate(`${mainnet.address}:${parseMoneroAddress(mainnet.address).publicSpendKey}`),
    ).toMatchObject({
      ok: false,
      code: 'VIEW_KEY_MISMATCH',
    });
  });

  it('refuses a subaddress or integrated address: the primary address is needed', () => {
    const sub = validate(`${mainnet.subaddresses[0]!.address}:${mainnet.viewKey}`);
    expect(sub).toMatchObject({ ok: false, code: 'NOT_PRIMARY_ADDRESS' });
    expect(!sub.ok && sub.message).toBe(
      "This is a subaddress; give the wallet's primary address instead (starting with 4 on mainnet; in your wallet, account #0 address #0).",
    );
    const integrated = validate(`${mainnet.integrated.address}:${mainnet.viewKey}`);
    expect(integrated).toMatchObject({ ok: false, code: 'NOT_PRIMARY_ADDRESS' });
    expect(!integrated.ok && integrated.message).toMatch(
      /^This is an integrated address; give the wallet's primary address/,
    );
    const stagenetSub = validateMoneroWallet({
      chainId: 'XMR_STAGENET',
      value: `${stagenet.subaddresses[0]!.address}:${stagenet.viewKey}`,
    });
    expect(!stagenetSub.ok && stagenetSub.message).toMatch(/starting with 5 on stagenet/);
  });

  it('refuses a view key that is not a canonical non-zero scalar', () => {
    const l = Buffer.from(ED25519_ORDER.toString(16).padStart(64, '0'), 'hex').reverse().toString('hex');
    for (const key of [l, '00'.repeat(32), 'ff'.repeat(32)]) {
      const result = validate(`${mainnet.address}:${key}`);
      expect(result).toMatchObject({ ok: false, code: 'INVALID_VIEW_KEY' });
      expect(!result.ok && result.message).toMatch(/not a valid \(reduced\) private key/);
    }
    for (const key of [mainnet.viewKey.slice(1), `${mainnet.viewKey}0`, `z${mainnet.viewKey.slice(1)}`]) {
      expect(validate(`${mainnet.address}:${key}`)).toMatchObject({ ok: false, code: 'INVALID_VIEW_KEY' });
    }
    // A reduced scalar that is no view key of this address.
    const other = Buffer.from(scalarToBytes(ED25519_ORDER - 1n)).toString('hex');
    expect(validate(`${mainnet.address}:${other}`)).toMatchObject({ ok: false, code: 'VIEW_KEY_MISMATCH' });
  });

  it('says what is missing when one part is given, and refuses a seed', () => {
    expect(validate(mainnet.address)).toMatchObject({ ok: false, code: 'MISSING_VIEW_KEY' });
    expect(validate(mainnet.viewKey)).toMatchObject({ ok: false, code: 'MISSING_ADDRESS' });
    expect(validate('hello')).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
    expect(validate(stagenet.address)).toMatchObject({ ok: false, code: 'WRONG_NETWORK' });
    expect(validate('   ')).toMatchObject({ ok: false, code: 'INVALID_WALLET' });
    expect(validate(`${mainnet.address}:${mainnet.viewKey}:${mainnet.spendKey}`)).toMatchObject({
      ok: false,
      code: 'INVALID_WALLET',
    });
    const seed = Array.from(
      { length: 25 },
      (_, i) => ['abbey', 'cabin', 'dozen', 'eagle', 'fabric'][i % 5],
    ).join(' ');
    const result = validate(seed);
    expect(result).toMatchObject({ ok: false, code: 'SEED_GIVEN' });
    expect(!result.ok && result.message).toMatch(/must never be given the spend key or the seed/);
  });

  it('passes on address errors with their codes', () => {
    const typo = `${mainnet.address.slice(0, 50)}${mainnet.address[50] === 'a' ? 'b' : 'a'}${mainnet.address.slice(51)}`;
    expect(validate(`${typo}:${mainnet.viewKey}`)).toMatchObject({ ok: false, code: 'CHECKSUM_MISMATCH' });
    expect(validate(`notanaddress:${mainnet.viewKey}`)).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
    expect(validateMoneroWallet({ chainId: 'BTC', value: normalized })).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
    });
  });
});
