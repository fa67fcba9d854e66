import { describe, expect, it } from 'vitest';
import { loadWalletRpcVectors } from '../test/walletRpcVectors.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { moneroWalletParts } from './moneroWalletParts.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';

const vectors = loadWalletRpcVectors();
const mainnet = vectors.wallets.find((w) => w.network === 'mainnet')!;
const stagenet = vectors.wallets.find((w) => w.network === 'stagenet')!;

describe('moneroWalletParts', () => {
  it('takes a normalized wallet apart', () => {
    expect(moneroWalletParts(`${mainnet.address}:${mainnet.viewKey}`)).toEqual({
      address: mainnet.address,
      viewKey: mainnet.viewKey,
      publicSpendKey: parseMoneroAddress(mainnet.address).publicSpendKey,
      network: 'mainnet',
    });
    expect(moneroWalletParts(`${stagenet.address}:${stagenet.viewKey}`).network).toBe('stagenet');
  });

  it.each([
    ['no view key', mainnet.address],
    ['three parts', `${mainnet.address}:${mainnet.viewKey}:x`],
    ['a subaddress', `${mainnet.subaddresses[0]!.address}:${mainnet.viewKey}`],
    ['an upper-case view key (not normalized)', `${mainnet.address}:${mainnet.viewKey.toUpperCase()}`],
    ['a space (not normalized)', `${mainnet.address} ${mainnet.viewKey}`],
    ['the spend key', `${mainnet.address}:${mainnet.spendKey}`],
    ["another wallet's view key", `${mainnet.address}:${stagenet.viewKey}`],
    ['a broken address', `${mainnet.address.slice(0, -1)}:${mainnet.viewKey}`],
  ])('refuses %s with INVALID_WALLET', (_case, value) => {
    expect(() => moneroWalletParts(value)).toThrow(MoneroAdapterError);
    try {
      moneroWalletParts(value);
    } catch (error) {
      expect((error as MoneroAdapterError).code).toBe('INVALID_WALLET');
    }
  });
});
