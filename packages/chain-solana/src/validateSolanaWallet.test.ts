import { randomBytes } from 'node:crypto';
import { generateKeyPairSigner, getBase58Decoder } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import { SOLANA_MAINNET_USDC_MINT } from './solanaChains.js';
import { validateSolanaAddress } from './validateSolanaAddress.js';
import { validateSolanaWallet } from './validateSolanaWallet.js';

const base58 = getBase58Decoder();
// The wallet of the Solana Pay specification's examples.
const SPEC_WALLET = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';

describe('validateSolanaWallet', () => {
  it('accepts an on-curve wallet address on both chains, unchanged', async () => {
    const { address } = await generateKeyPairSigner();
    for (const chainId of ['SOL', 'SOL_DEVNET']) {
      expect(validateSolanaWallet({ chainId, value: ` ${address}\n` })).toEqual({
        ok: true,
        normalized: address,
        kind: 'wallet',
        outcome: 'On-curve wallet address verified',
      });
    }
    expect(validateSolanaWallet({ chainId: 'SOL', value: SPEC_WALLET })).toMatchObject({ ok: true });
  });

  it('refuses an off-curve address (an associated token account) and says to give the wallet', async () => {
    const { address } = await generateKeyPairSigner();
    const [ata] = await findAssociatedTokenPda({
      owner: address,
      mint: SOLANA_MAINNET_USDC_MINT as never,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const result = validateSolanaWallet({ chainId: 'SOL', value: ata });
    expect(result).toMatchObject({ ok: false, code: 'OFF_CURVE_ADDRESS' });
    expect(!result.ok && result.message).toMatch(/address of your wallet itself/);
  });

  it('refuses a 64-byte base58 secret key and a keypair file, telling never to give a secret', async () => {
    const secret = base58.decode(randomBytes(64));
    const file = JSON.stringify([...randomBytes(64)]);
    for (const value of [
      secret,
      file,
      `[${[...randomBytes(32)].join(', ')}]`,
      randomBytes(64).toString('hex'),
    ]) {
      const result = validateSolanaWallet({ chainId: 'SOL', value });
      expect(result).toMatchObject({ ok: false, code: 'SECRET_KEY_GIVEN' });
      expect(!result.ok && result.message).toMatch(/never be given a private key/);
    }
  });

  it('refuses a recovery phrase', () => {
    const seed = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    expect(validateSolanaWallet({ chainId: 'SOL', value: seed })).toMatchObject({
      ok: false,
      code: 'SEED_GIVEN',
    });
  });

  it('refuses garbage with a message naming what a Solana address is', () => {
    const cases: [string, RegExp][] = [
      ['', /Enter a Solana address/],
      ['0xdAC17F958D2ee523a2206206994597C13D831ec7', /contains "0"/],
      ['mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2k', /31 bytes, not the 32/],
      [`${SPEC_WALLET}Z`, /bytes, not the 32/],
      ['[1, 2, 3]', /list of numbers/],
      ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', /contains "0"/],
    ];
    for (const [value, message] of cases) {
      const result = validateSolanaWallet({ chainId: 'SOL', value });
      expect(result.ok, value).toBe(false);
      expect(!result.ok && result.message, value).toMatch(message);
      expect(!result.ok && result.code).toBe('INVALID_ADDRESS');
    }
  });

  it('refuses a chain that is not Solana', () => {
    expect(validateSolanaWallet({ chainId: 'ETH', value: SPEC_WALLET })).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
    });
  });
});

describe('validateSolanaAddress', () => {
  it('accepts a wallet and refuses token accounts, secrets and garbage', async () => {
    const { address } = await generateKeyPairSigner();
    expect(validateSolanaAddress('SOL_DEVNET', address)).toEqual({ ok: true, normalized: address });
    const [ata] = await findAssociatedTokenPda({
      owner: address,
      mint: SOLANA_MAINNET_USDC_MINT as never,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    expect(validateSolanaAddress('SOL', ata)).toMatchObject({ ok: false, code: 'OFF_CURVE_ADDRESS' });
    expect(validateSolanaAddress('SOL', base58.decode(randomBytes(64)))).toMatchObject({
      ok: false,
      code: 'SECRET_KEY_GIVEN',
    });
    expect(validateSolanaAddress('SOL', 'not an address')).toMatchObject({
      ok: false,
      code: 'INVALID_ADDRESS',
    });
    expect(validateSolanaAddress('XRP', address)).toMatchObject({ ok: false, code: 'UNSUPPORTED_CHAIN' });
  });
});
