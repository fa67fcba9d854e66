import { describe, expect, it } from 'vitest';
import { loadWalletRpcVectors } from '../test/walletRpcVectors.js';
import { deriveSubaddress } from './deriveSubaddress.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';

const vectors = loadWalletRpcVectors();

describe('deriveSubaddress (vectors recorded from monero-wallet-rpc)', () => {
  it('reads vectors recorded by monero-wallet-rpc 0.18.0.0 on every network', () => {
    expect(vectors.source).toMatch(/monero-wallet-rpc 0\.18\.0\.0/);
    expect(vectors.source).toMatch(/regtest\/mainnet prefixes/);
    expect(vectors.walletRpcVersion).toMatch(/v0\.18\.0\.0/);
    expect(vectors.wallets.map((w) => w.network).sort()).toEqual(['mainnet', 'stagenet', 'testnet']);
  });

  it.each(vectors.wallets.map((w) => [w.network, w] as const))(
    'derives every %s subaddress the wallet gave, on account 0 and a second account',
    (network, wallet) => {
      const { publicSpendKey } = parseMoneroAddress(wallet.address);
      const derive = (major: number, minor: number) =>
        deriveSubaddress({ network, publicSpendKey, privateViewKey: wallet.viewKey, major, minor });
      expect(derive(0, 0)).toBe(wallet.address);
      expect(wallet.subaddresses.some((s) => s.major === 1)).toBe(true);
      for (const { major, minor, address } of wallet.subaddresses) {
        expect(derive(major, minor), `(${major}, ${minor})`).toBe(address);
      }
    },
  );

  it('takes keys in either case, and the largest indices', () => {
    const wallet = vectors.wallets[0]!;
    const { publicSpendKey } = parseMoneroAddress(wallet.address);
    const input = {
      network: wallet.network,
      publicSpendKey,
      privateViewKey: wallet.viewKey,
      major: 0,
      minor: 1,
    };
    expect(deriveSubaddress({ ...input, privateViewKey: wallet.viewKey.toUpperCase() })).toBe(
      wallet.subaddresses[0]!.address,
    );
    const last = deriveSubaddress({ ...input, major: 0xffff_ffff, minor: 0xffff_ffff });
    expect(parseMoneroAddress(last)).toMatchObject({ network: wallet.network, kind: 'subaddress' });
  });

  it('refuses indices outside uint32 and keys that are no keys', () => {
    const wallet = vectors.wallets[0]!;
    const { publicSpendKey } = parseMoneroAddress(wallet.address);
    const input = {
      network: wallet.network,
      publicSpendKey,
      privateViewKey: wallet.viewKey,
      major: 0,
      minor: 1,
    };
    const codeOf = (override: Partial<typeof input>) => {
      try {
        deriveSubaddress({ ...input, ...override });
      } catch (error) {
        return error instanceof MoneroAdapterError ? error.code : 'other';
      }
      return 'none';
    };
    for (const index of [-1, 1.5, 2 ** 32, Number.NaN]) {
      expect(codeOf({ minor: index })).toBe('INVALID_SUBADDRESS_INDEX');
      expect(codeOf({ major: index })).toBe('INVALID_SUBADDRESS_INDEX');
    }
    expect(codeOf({ privateViewKey: '00'.repeat(32) })).toBe('INVALID_VIEW_KEY');
    expect(codeOf({ privateViewKey: 'ff'.repeat(32) })).toBe('INVALID_VIEW_KEY');
    expect(codeOf({ publicSpendKey: `02${'00'.repeat(31)}` })).toBe('INVALID_ADDRESS');
    expect(codeOf({ publicSpendKey: 'xyz' })).toBe('INVALID_ADDRESS');
  });
});
