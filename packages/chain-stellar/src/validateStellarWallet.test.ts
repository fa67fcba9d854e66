import { Keypair, StrKey } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { muxedAddressOf } from './muxedAccounts.js';
import { validateStellarAddress } from './validateStellarAddress.js';
import { validateStellarWallet } from './validateStellarWallet.js';

const seed = Buffer.alloc(32, 7);
const keypair = Keypair.fromRawEd25519Seed(seed);
const G = keypair.publicKey();
const S = keypair.secret();
const C = StrKey.encodeContract(Buffer.alloc(32, 9));

/** Changes one base32 character, keeping the string base32 (the checksum no longer matches). */
function typo(address: string, at = 10): string {
  const c = address[at] === 'A' ? 'B' : 'A';
  return address.slice(0, at) + c + address.slice(at + 1);
}

describe('validateStellarWallet', () => {
  it('accepts an account G... and keeps it as is', () => {
    expect(validateStellarWallet({ chainId: 'XLM', value: G })).toEqual({
      ok: true,
      normalized: G,
      kind: 'account',
      outcome: 'StrKey checksum verified',
    });
    expect(validateStellarWallet({ chainId: 'XLM_TESTNET', value: G }).ok).toBe(true);
  });

  it('trims and upper-cases (Canonicalized)', () => {
    const result = validateStellarWallet({ chainId: 'XLM', value: `  ${G.toLowerCase()}\n` });
    expect(result).toMatchObject({ ok: true, normalized: G, outcome: 'Canonicalized' });
  });

  it('refuses a checksum failure', () => {
    const result = validateStellarWallet({ chainId: 'XLM', value: typo(G) });
    expect(result).toMatchObject({ ok: false, code: 'CHECKSUM_MISMATCH' });
  });

  it('refuses a secret seed, valid or not, telling never to paste it', () => {
    for (const value of [S, typo(S)]) {
      const result = validateStellarWallet({ chainId: 'XLM', value });
      expect(result).toMatchObject({ ok: false, code: 'SECRET_SEED_GIVEN' });
      if (!result.ok) {
        expect(result.message).toMatch(/never paste it/);
        expect(result.message).not.toContain(S);
      }
    }
  });

  it('refuses a muxed address, naming the G account to give instead', () => {
    const M = muxedAddressOf(G, 5n);
    const result = validateStellarWallet({ chainId: 'XLM', value: M });
    expect(result).toMatchObject({ ok: false, code: 'MUXED_ADDRESS_GIVEN' });
    if (!result.ok) expect(result.message).toContain(G);
  });

  it('refuses a contract address', () => {
    expect(validateStellarWallet({ chainId: 'XLM', value: C })).toMatchObject({
      ok: false,
      code: 'CONTRACT_ADDRESS_GIVEN',
    });
  });

  it('refuses other strings, naming what is expected and the network', () => {
    for (const value of [
      '',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      G.slice(0, 55),
      `${G}A`,
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    ]) {
      const result = validateStellarWallet({ chainId: 'XLM_TESTNET', value });
      expect(result).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
      if (!result.ok)
        expect(result.message).toMatch(/testnet account address: 56 characters starting with G/);
    }
  });

  it('refuses a non-Stellar chain', () => {
    expect(validateStellarWallet({ chainId: 'XRP', value: G })).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
    });
  });

  it('accepts every random account and refuses every one-character typo of it', () => {
    for (let i = 0; i < 50; i += 1) {
      const account = Keypair.random().publicKey();
      expect(validateStellarWallet({ chainId: 'XLM', value: account }).ok).toBe(true);
      expect(validateStellarWallet({ chainId: 'XLM', value: typo(account, 1 + (i % 50)) }).ok).toBe(false);
    }
  });
});

describe('validateStellarAddress (refunds)', () => {
  it('accepts G and M addresses', () => {
    const M = muxedAddressOf(G, 123n);
    expect(validateStellarAddress('XLM', G)).toEqual({ ok: true, normalized: G });
    expect(validateStellarAddress('XLM', M.toLowerCase())).toEqual({ ok: true, normalized: M });
  });

  it('refuses seeds, contracts, typos and strangers', () => {
    expect(validateStellarAddress('XLM', S)).toMatchObject({ ok: false, code: 'SECRET_SEED_GIVEN' });
    expect(validateStellarAddress('XLM', C)).toMatchObject({ ok: false, code: 'CONTRACT_ADDRESS_GIVEN' });
    expect(validateStellarAddress('XLM', typo(G))).toMatchObject({ ok: false, code: 'CHECKSUM_MISMATCH' });
    expect(validateStellarAddress('XLM', typo(muxedAddressOf(G, 1n)))).toMatchObject({
      ok: false,
      code: 'CHECKSUM_MISMATCH',
    });
    const other = validateStellarAddress('XLM', '0x52908400098527886E0F7030069857D2E4169EE7');
    expect(other).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
    if (!other.ok) expect(other.message).toMatch(/starting with M/);
    expect(validateStellarAddress('BTC', G)).toMatchObject({ ok: false, code: 'UNSUPPORTED_CHAIN' });
  });
});
