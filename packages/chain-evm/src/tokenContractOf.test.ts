import { describe, expect, it } from 'vitest';
import { tokenContractOf } from './tokenContractOf.js';

describe('tokenContractOf', () => {
  it("reads a public network's contract from the registry", () => {
    expect(tokenContractOf('BASE', 'USDC')).toBe('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
    expect(tokenContractOf('BSC', 'USDT')).toBe('0x55d398326f99059fF775485246999027B3197955');
    expect(tokenContractOf('ETH_SEPOLIA', 'USDC')).toBe('0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238');
  });

  it("reads a local chain's contract from the runtime map, checksummed", () => {
    const runtime = { ETH_LOCAL: { USDC: '0x5fbdb2315678afecb367f032d93f642f64180aa3' } };
    expect(tokenContractOf('ETH_LOCAL', 'USDC', runtime)).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
  });

  it('throws TOKEN_CONTRACT_UNKNOWN for a local token not deployed yet, saying how to pass it', () => {
    expect(() =>
      tokenContractOf('ETH_LOCAL', 'USDT', {
        ETH_LOCAL: { USDC: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'EvmAdapterError',
        code: 'TOKEN_CONTRACT_UNKNOWN',
        message: expect.stringContaining("tokenContracts: { ETH_LOCAL: { USDT: '0x…' } }"),
      }),
    );
  });

  it('throws UNKNOWN_TOKEN for the native coin or a token the chain lacks, and UNSUPPORTED_CHAIN off EVM', () => {
    expect(() => tokenContractOf('ETH', 'ETH')).toThrow(expect.objectContaining({ code: 'UNKNOWN_TOKEN' }));
    expect(() => tokenContractOf('BASE', 'USDT')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_TOKEN', message: expect.stringContaining('tokens: USDC') }),
    );
    expect(() => tokenContractOf('BSC_TESTNET', 'USDC')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_TOKEN', message: expect.stringContaining('tokens: none') }),
    );
    expect(() => tokenContractOf('SOL', 'USDC')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
    );
  });
});
