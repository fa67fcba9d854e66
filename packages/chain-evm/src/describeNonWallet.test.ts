import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeNonWallet } from './describeNonWallet.js';

describe('describeNonWallet', () => {
  it('lets an ordinary address through', () => {
    expect(describeNonWallet('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBeUndefined();
    // Just above the reserved range and just outside the OP Stack predeploy namespace.
    expect(describeNonWallet(getAddress('0x0000000000000000000000000000000000010000'))).toBeUndefined();
    expect(describeNonWallet('0x4200000000000000000000000000000000001000')).toBeUndefined();
  });

  it('refuses the zero address', () => {
    expect(describeNonWallet(`0x${'0'.repeat(40)}`)).toEqual({
      code: 'ZERO_ADDRESS',
      message: expect.stringContaining('zero address'),
    });
  });

  it.each([
    ['the ecrecover precompile', '0x0000000000000000000000000000000000000001'],
    ['the P-256 precompile of RIP-7212', '0x0000000000000000000000000000000000000100'],
    ['the 0x…dEaD burn address', '0x000000000000000000000000000000000000dEaD'],
    ["Base's WETH predeploy", '0x4200000000000000000000000000000000000006'],
    ["Base's L2 to L1 message passer", '0x4200000000000000000000000000000000000016'],
  ])('refuses %s as a reserved address', (_what, address) => {
    expect(describeNonWallet(address)?.code).toBe('RESERVED_ADDRESS');
  });

  it.each([
    ['0x4e59b44847b379578588920cA78FbF26c0B4956C', 'deterministic deployment proxy'],
    ['0xcA11bde05977b3631167028862bE2a173976CA11', 'Multicall3'],
    ['0x000000000022D473030F116dDEE9F6B43aC78BA3', 'Permit2'],
    ['0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', 'EntryPoint v0.6'],
    ['0x0000000071727De22E5E9d8BAf0edAc6f37da032', 'EntryPoint v0.7'],
  ])('refuses %s, naming it (%s)', (address, name) => {
    expect(getAddress(address)).toBe(address);
    expect(describeNonWallet(address)).toEqual({
      code: 'KNOWN_CONTRACT',
      message: expect.stringContaining(name),
    });
    expect(describeNonWallet(address.toLowerCase())?.code).toBe('KNOWN_CONTRACT');
  });

  it('refuses every token contract of the registry and the wrapped native coins, naming token and network', () => {
    expect(describeNonWallet('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')?.message).toContain(
      'That is the USDC contract on Ethereum mainnet, not your wallet',
    );
    expect(describeNonWallet('0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582')?.message).toContain(
      'USDC contract on Polygon Amoy testnet',
    );
    for (const [address, name] of [
      ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH contract on Ethereum mainnet'],
      ['0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'WPOL contract on Polygon PoS mainnet'],
      ['0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 'WBNB contract on BNB Smart Chain mainnet'],
    ] as const) {
      expect(getAddress(address)).toBe(address);
      expect(describeNonWallet(address)).toEqual({
        code: 'TOKEN_CONTRACT',
        message: expect.stringContaining(name),
      });
    }
  });

  it('refuses runtime token contracts only when given', () => {
    const deployed = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    expect(describeNonWallet(deployed)).toBeUndefined();
    expect(describeNonWallet(deployed, { ETH_LOCAL: { USDT: deployed } })?.message).toContain(
      'USDT contract on the local anvil chain',
    );
  });
});
