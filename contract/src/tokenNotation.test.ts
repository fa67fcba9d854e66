import { describe, expect, it } from 'vitest';
import { coinLabel, isOptInCoin, rateSymbolOf } from './chainRegistry.js';
import { TokenNotation } from './schemas/primitives.js';
import { isOptInToken, parseToken, unknownTokenReason } from './tokenNotation.js';

describe('token notation with bridged USDC.e', () => {
  it('names USDC.e as POLYGON:USDCE, a coin of its own', () => {
    expect(parseToken('POLYGON:USDCE')).toEqual({ chain_id: 'POLYGON', coin_symbol: 'USDCE' });
    expect(unknownTokenReason('POLYGON:USDCE')).toBeUndefined();
    expect(TokenNotation.safeParse('POLYGON:USDCE').success).toBe(true);
  });

  it('refuses the dotted symbol people write, which no coin symbol may carry', () => {
    expect(parseToken('POLYGON:USDC.E')).toBeUndefined();
    expect(TokenNotation.safeParse('POLYGON:USDC.e').success).toBe(false);
  });

  it('refuses USDC.e on Polygon Amoy, which carries none', () => {
    expect(unknownTokenReason('POLYGON_AMOY:USDCE')).toBe(
      'POLYGON_AMOY does not carry USDCE (it carries POL, USDC)',
    );
  });
});

describe('coin helpers', () => {
  it('labels USDC.e for people and every other coin by its symbol', () => {
    expect(coinLabel('POLYGON', 'USDCE')).toBe('USDC.e (bridged)');
    expect(coinLabel('ETH_LOCAL', 'USDCE')).toBe('USDC.e (bridged)');
    expect(coinLabel('POLYGON', 'USDC')).toBe('USDC');
    expect(coinLabel('NOPE', 'XYZ')).toBe('XYZ');
  });

  it('marks only USDC.e as opt-in', () => {
    expect(isOptInCoin('POLYGON', 'USDCE')).toBe(true);
    expect(isOptInCoin('POLYGON', 'USDC')).toBe(false);
    expect(isOptInCoin('POLYGON', 'POL')).toBe(false);
    expect(isOptInToken('POLYGON:USDCE')).toBe(true);
    expect(isOptInToken('ETH_LOCAL:USDCE')).toBe(true);
    expect(isOptInToken('POLYGON:USDC')).toBe(false);
    expect(isOptInToken('not a token')).toBe(false);
  });

  it('prices USDC.e at the USDC rate and other coins at their own', () => {
    expect(rateSymbolOf('USDCE')).toBe('USDC');
    expect(rateSymbolOf('USDC')).toBe('USDC');
    expect(rateSymbolOf('BTC')).toBe('BTC');
  });
});
