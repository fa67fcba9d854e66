import { describe, expect, it } from 'vitest';
import { normalizeTokenContracts } from './normalizeTokenContracts.js';

const DEPLOYED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('normalizeTokenContracts', () => {
  it('checksums runtime contracts and accepts one repeating the registry', () => {
    expect(
      normalizeTokenContracts({
        ETH_LOCAL: { USDC: DEPLOYED.toLowerCase(), USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
        BASE: { USDC: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' },
      }),
    ).toEqual({
      ETH_LOCAL: { USDC: DEPLOYED, USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
      BASE: { USDC: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
    });
    expect(normalizeTokenContracts({})).toEqual({});
  });

  it.each([
    ['a chain that is not EVM', { BTC: { USDC: DEPLOYED } }, /BTC is not an EVM chain/],
    ['an unknown chain', { NOPE: { USDC: DEPLOYED } }, /NOPE is not an EVM chain/],
    ['a token the chain lacks', { ETH_LOCAL: { DAI: DEPLOYED } }, /ETH_LOCAL has no DAI token/],
    ['the native coin', { ETH_LOCAL: { ETH: DEPLOYED } }, /ETH_LOCAL has no ETH token/],
    ['a wrong checksum', { ETH_LOCAL: { USDC: DEPLOYED.replace('FbDB', 'fbDB') } }, /valid checksum/],
    ['a padded address', { ETH_LOCAL: { USDC: ` ${DEPLOYED}` } }, /valid checksum/],
    ['a replacement of a public contract', { BASE: { USDC: DEPLOYED } }, /cannot replace it/],
  ])('refuses %s', (_what, tokenContracts, message) => {
    expect(() => normalizeTokenContracts(tokenContracts)).toThrow(
      expect.objectContaining({ code: 'INVALID_TOKEN_CONTRACT', message: expect.stringMatching(message) }),
    );
  });
});
