import { describe, expect, it } from 'vitest';
import { loadWalletRpcVectors } from '../test/walletRpcVectors.js';
import { validateMoneroAddress } from './validateMoneroAddress.js';

const vectors = loadWalletRpcVectors();
const mainnet = vectors.wallets.find((w) => w.network === 'mainnet')!;
const stagenet = vectors.wallets.find((w) => w.network === 'stagenet')!;
const testnet = vectors.wallets.find((w) => w.network === 'testnet')!;

describe('validateMoneroAddress', () => {
  it('accepts standard, subaddress and integrated addresses of the chain, trimmed and as typed', () => {
    for (const chainId of ['XMR', 'XMR_REGTEST']) {
      for (const address of [mainnet.address, mainnet.subaddresses[0]!.address, mainnet.integrated.address]) {
        expect(validateMoneroAddress(chainId, ` ${address}\n`)).toEqual({ ok: true, normalized: address });
      }
    }
    expect(validateMoneroAddress('XMR_STAGENET', stagenet.subaddresses[1]!.address)).toEqual({
      ok: true,
      normalized: stagenet.subaddresses[1]!.address,
    });
  });

  it('refuses another network with WRONG_NETWORK, naming the network expected', () => {
    expect(validateMoneroAddress('XMR_STAGENET', mainnet.address)).toEqual({
      ok: false,
      code: 'WRONG_NETWORK',
      message:
        'This is a Monero mainnet address; Monero Stagenet takes stagenet addresses (starting with 5 or 7).',
    });
    expect(validateMoneroAddress('XMR', testnet.integrated.address)).toMatchObject({
      ok: false,
      code: 'WRONG_NETWORK',
    });
    expect(validateMoneroAddress('XMR', stagenet.address)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/takes mainnet addresses \(starting with 4 or 8\)/),
    });
  });

  it('refuses typos, other coins and other chains', () => {
    const typo = `${mainnet.address.slice(0, 30)}${mainnet.address[30] === 'a' ? 'b' : 'a'}${mainnet.address.slice(31)}`;
    expect(validateMoneroAddress('XMR', typo)).toMatchObject({ ok: false, code: 'CHECKSUM_MISMATCH' });
    expect(validateMoneroAddress('XMR', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toMatchObject({
      ok: false,
      code: 'INVALID_ADDRESS',
    });
    expect(validateMoneroAddress('XMR', '')).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
    expect(validateMoneroAddress('LTC', mainnet.address)).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
    });
  });
});
