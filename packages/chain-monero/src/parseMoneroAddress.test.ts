import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { loadWalletRpcVectors } from '../test/walletRpcVectors.js';
import { encodeMoneroAddress } from './encodeMoneroAddress.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { encodeMoneroBase58 } from './moneroBase58.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';

const vectors = loadWalletRpcVectors();
const wallet = (network: string) => vectors.wallets.find((w) => w.network === network)!;
const mainnet = wallet('mainnet');
const stagenet = wallet('stagenet');

function errorOf(run: () => unknown): MoneroAdapterError {
  try {
    run();
  } catch (error) {
    if (error instanceof MoneroAdapterError) return error;
    throw error;
  }
  throw new Error('expected a MoneroAdapterError');
}

/** base58(body || keccak checksum), for hand-made addresses. */
function withChecksum(body: Uint8Array): string {
  return encodeMoneroBase58(new Uint8Array([...body, ...keccak_256(body).subarray(0, 4)]));
}

describe('parseMoneroAddress', () => {
  it.each(vectors.wallets.map((w) => [w.network, w] as const))(
    'decodes the %s standard, integrated and subaddresses monero-wallet-rpc made',
    (network, w) => {
      const primary = parseMoneroAddress(w.address);
      expect(primary).toMatchObject({ address: w.address, network, kind: 'standard' });
      expect(primary.publicSpendKey).toMatch(/^[0-9a-f]{64}$/);
      expect(primary.publicViewKey).toMatch(/^[0-9a-f]{64}$/);
      expect(primary).not.toHaveProperty('paymentId');
      expect(parseMoneroAddress(w.integrated.address)).toEqual({
        address: w.integrated.address,
        network,
        kind: 'integrated',
        publicSpendKey: primary.publicSpendKey,
        publicViewKey: primary.publicViewKey,
        paymentId: w.integrated.paymentId,
      });
      for (const { address } of w.subaddresses) {
        expect(parseMoneroAddress(address)).toMatchObject({ address, network, kind: 'subaddress' });
      }
    },
  );

  it('trims surrounding whitespace and keeps the case', () => {
    expect(parseMoneroAddress(`  ${mainnet.address}\n`).address).toBe(mainnet.address);
  });

  it('checks the network of a chain: XMR and XMR_REGTEST take mainnet, XMR_STAGENET stagenet', () => {
    expect(parseMoneroAddress(mainnet.address, { chainId: 'XMR' }).network).toBe('mainnet');
    expect(parseMoneroAddress(mainnet.address, { chainId: 'XMR_REGTEST' }).network).toBe('mainnet');
    expect(parseMoneroAddress(stagenet.address, { chainId: 'XMR_STAGENET' }).network).toBe('stagenet');

    const onStagenet = errorOf(() => parseMoneroAddress(mainnet.address, { chainId: 'XMR_STAGENET' }));
    expect(onStagenet.code).toBe('WRONG_NETWORK');
    expect(onStagenet.message).toBe(
      'This is a Monero mainnet address; Monero Stagenet takes stagenet addresses (starting with 5 or 7).',
    );
    const onRegtest = errorOf(() =>
      parseMoneroAddress(stagenet.subaddresses[0]!.address, { chainId: 'XMR_REGTEST' }),
    );
    expect(onRegtest.code).toBe('WRONG_NETWORK');
    expect(onRegtest.message).toBe(
      'This is a Monero stagenet address; Monero Regtest takes mainnet addresses (starting with 4 or 8) ' +
        '(a regtest node uses mainnet address prefixes).',
    );
    const testnet = errorOf(() => parseMoneroAddress(wallet('testnet').address, { chainId: 'XMR' }));
    expect(testnet.message).toBe(
      'This is a Monero testnet address; Monero takes mainnet addresses (starting with 4 or 8).',
    );
    expect(errorOf(() => parseMoneroAddress(mainnet.address, { chainId: 'BTC' })).code).toBe(
      'UNSUPPORTED_CHAIN',
    );
  });

  it('reports a mistyped character as a checksum mismatch', () => {
    // Change one character in the middle (keeping the length and the alphabet).
    const i = 50;
    const swapped = mainnet.address[i] === 'a' ? 'b' : 'a';
    const typo = `${mainnet.address.slice(0, i)}${swapped}${mainnet.address.slice(i + 1)}`;
    const error = errorOf(() => parseMoneroAddress(typo));
    expect(error.code).toBe('CHECKSUM_MISMATCH');
    expect(error.message).toMatch(/mistyped/);
  });

  it.each([
    ['empty', '', /Enter a Monero address/],
    ['too long', '4'.repeat(200), /too long/],
    ['a character outside base58', `${mainnet.address.slice(0, -1)}0`, /not a base58 character/],
    ['a length no address has', mainnet.address.slice(0, -3), /not a Monero base58 length/],
    ['a Bitcoin address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', /not a Monero address/],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7', /not a base58 character/],
  ])('refuses %s as INVALID_ADDRESS', (_case, text, message) => {
    const error = errorOf(() => parseMoneroAddress(text));
    expect(error.code).toBe('INVALID_ADDRESS');
    expect(error.message).toMatch(message);
  });

  it("refuses another CryptoNote coin's prefix, a body of the wrong length and keys off the curve", () => {
    const key = parseMoneroAddress(mainnet.address).publicSpendKey;
    const keys = Buffer.from(key.repeat(2), 'hex');
    // Prefix 0x7f (one varint byte) is no Monero network's.
    expect(errorOf(() => parseMoneroAddress(withChecksum(new Uint8Array([0x7f, ...keys])))).message).toMatch(
      /prefix 127 is no Monero network's/,
    );
    // A standard prefix (18) followed by the 72 bytes of an integrated address.
    expect(
      errorOf(() => parseMoneroAddress(withChecksum(new Uint8Array([18, ...keys, ...new Uint8Array(8)]))))
        .message,
    ).toMatch(/wrong length/);
    // A non-minimal varint prefix.
    expect(
      errorOf(() => parseMoneroAddress(withChecksum(new Uint8Array([0x92, 0x00, ...keys])))).message,
    ).toMatch(/too short/);
    // y = 2 is not on the curve.
    const offCurve = `02${'00'.repeat(31)}`;
    const bad = encodeMoneroAddress({
      network: 'mainnet',
      kind: 'standard',
      publicSpendKey: offCurve,
      publicViewKey: key,
    });
    expect(errorOf(() => parseMoneroAddress(bad)).message).toMatch(/not points of the curve/);
  });
});
