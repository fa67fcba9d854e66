import { describe, expect, it } from 'vitest';
import { loadWalletRpcVectors } from '../test/walletRpcVectors.js';
import { encodeMoneroAddress } from './encodeMoneroAddress.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';

describe('encodeMoneroAddress', () => {
  it("writes monero-wallet-rpc's standard, integrated and subaddresses from their parts", () => {
    for (const wallet of loadWalletRpcVectors().wallets) {
      for (const address of [
        wallet.address,
        wallet.integrated.address,
        ...wallet.subaddresses.map((s) => s.address),
      ]) {
        const { address: _text, ...parts } = parseMoneroAddress(address);
        expect(encodeMoneroAddress(parts)).toBe(address);
      }
    }
  });

  it('refuses keys that are not 32 bytes of hex and a payment id on the wrong kind', () => {
    const key = '11'.repeat(32);
    const base = { network: 'mainnet', publicSpendKey: key, publicViewKey: key } as const;
    expect(() => encodeMoneroAddress({ ...base, kind: 'standard', publicSpendKey: '11' })).toThrow(/64 hex/);
    expect(() => encodeMoneroAddress({ ...base, kind: 'standard', paymentId: '00'.repeat(8) })).toThrow(
      /payment id/,
    );
    expect(() => encodeMoneroAddress({ ...base, kind: 'integrated' })).toThrow(/payment id/);
    expect(() => encodeMoneroAddress({ ...base, kind: 'integrated', paymentId: '00'.repeat(32) })).toThrow(
      /16 hex/,
    );
  });
});
