import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { validateEvmWallet } from './validateEvmWallet.js';

// Real, checksummed addresses: vitalik.eth and Etherscan's "Ethereum Foundation" account.
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const FOUNDATION = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';

const wallet = (chainId: string, value: string) => validateEvmWallet({ chainId, value });

describe('validateEvmWallet', () => {
  it('verifies a correct EIP-55 checksum and stores the address as given', () => {
    for (const address of [VITALIK, FOUNDATION]) {
      expect(wallet('ETH', address)).toEqual({
        ok: true,
        normalized: address,
        kind: 'treasury',
        outcome: 'EIP-55 verified',
      });
    }
  });

  it('applies the checksum to an all-lower or all-upper case address', () => {
    const upper = `0x${VITALIK.slice(2).toUpperCase()}`;
    for (const value of [VITALIK.toLowerCase(), upper]) {
      expect(wallet('BASE', value)).toEqual({
        ok: true,
        normalized: VITALIK,
        kind: 'treasury',
        outcome: 'EIP-55 applied',
      });
    }
  });

  it('says Canonicalized when it normalised what surrounds the address, even with the checksum applied', () => {
    for (const value of [
      ` ${VITALIK} `,
      VITALIK.slice(2),
      `0X${VITALIK.slice(2)}`,
      `ethereum:${VITALIK}@137`,
      `ethereum:${VITALIK.toLowerCase()}`,
      `pol:${VITALIK.toLowerCase()}`,
      ` ${VITALIK.toLowerCase()}\n`,
    ]) {
      expect(wallet('POLYGON', value), value).toEqual({
        ok: true,
        normalized: VITALIK,
        kind: 'treasury',
        outcome: 'Canonicalized',
      });
    }
  });

  it('refuses a mixed-case address with one letter of the wrong case', () => {
    // d8dA -> d8DA: the same hex digits, so only the checksum tells the typo.
    const flipped = VITALIK.replace('d8dA', 'd8DA');
    expect(flipped.toLowerCase()).toBe(VITALIK.toLowerCase());
    expect(wallet('ETH', flipped)).toEqual({
      ok: false,
      code: 'CHECKSUM_MISMATCH',
      message: expect.stringMatching(/typo or was altered.*copy it again from the wallet/i),
    });
    // One changed digit in a checksummed address: the checksum catches it too.
    expect(wallet('ETH', VITALIK.replace('6045', '6046'))).toMatchObject({
      ok: false,
      code: 'CHECKSUM_MISMATCH',
    });
  });

  it('refuses what is not an address, the zero address and token contracts of the registry', () => {
    expect(wallet('ETH', 'not an address')).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
    expect(wallet('ETH', `0x${'0'.repeat(40)}`)).toMatchObject({ ok: false, code: 'ZERO_ADDRESS' });
    expect(wallet('BASE', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')).toEqual({
      ok: false,
      code: 'TOKEN_CONTRACT',
      message: expect.stringContaining('That is the USDC contract on Base mainnet, not your wallet'),
    });
    expect(wallet('BSC', '0x55d398326f99059ff775485246999027b3197955')).toMatchObject({
      code: 'TOKEN_CONTRACT',
      message: expect.stringContaining('USDT contract on BNB Smart Chain mainnet'),
    });
    expect(wallet('ETH', '0x4e59b44847b379578588920cA78FbF26c0B4956C')).toMatchObject({
      code: 'KNOWN_CONTRACT',
      message: expect.stringContaining('deterministic deployment proxy'),
    });
  });

  it('refuses a runtime token contract when given one (the local test USDC)', () => {
    const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    expect(validateEvmWallet({ chainId: 'ETH_LOCAL', value: usdc })).toMatchObject({ ok: true });
    expect(
      validateEvmWallet(
        { chainId: 'ETH_LOCAL', value: usdc },
        { tokenContracts: { ETH_LOCAL: { USDC: usdc } } },
      ),
    ).toMatchObject({
      ok: false,
      code: 'TOKEN_CONTRACT',
      message: expect.stringContaining('USDC contract on the local anvil chain'),
    });
  });

  it('refuses a chain that is not EVM', () => {
    expect(wallet('BTC', VITALIK)).toMatchObject({ ok: false, code: 'UNSUPPORTED_CHAIN' });
  });

  it('gives EIP-55 applied and the same checksummed value for any address lower-cased', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.constantFrom('ETH', 'BASE', 'BSC_TESTNET'),
        (bytes, chainId) => {
          const hex = Buffer.from(bytes).toString('hex');
          fc.pre(BigInt(`0x${hex}`) >= 0x1_0000n && !hex.startsWith('4200000000000000000000000000000000000'));
          const checksummed = getAddress(`0x${hex}`);
          expect(wallet(chainId, `0x${hex}`)).toEqual({
            ok: true,
            normalized: checksummed,
            kind: 'treasury',
            outcome: 'EIP-55 applied',
          });
          expect(wallet(chainId, checksummed)).toMatchObject({ ok: true, normalized: checksummed });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses any checksummed address with the case of one letter flipped', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, pick) => {
        const checksummed = getAddress(`0x${Buffer.from(bytes).toString('hex')}`);
        const letters = [...checksummed.slice(2)].flatMap((ch, i) => (/[a-fA-F]/.test(ch) ? [i + 2] : []));
        // Flipping the only letter of a one-letter address leaves it one-case: nothing to check then.
        fc.pre(letters.length >= 2);
        const at = letters[pick % letters.length]!;
        const ch = checksummed[at]!;
        const flipped = `${checksummed.slice(0, at)}${ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()}${checksummed.slice(at + 1)}`;
        const lower = flipped.slice(2) === flipped.slice(2).toLowerCase();
        const upper = flipped.slice(2) === flipped.slice(2).toUpperCase();
        fc.pre(!lower && !upper);
        expect(wallet('ETH', flipped)).toMatchObject({ ok: false, code: 'CHECKSUM_MISMATCH' });
      }),
      { numRuns: 500 },
    );
  });
});
