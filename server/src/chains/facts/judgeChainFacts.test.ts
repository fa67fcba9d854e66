import type { ChainFacts } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { judgeChainFacts } from './judgeChainFacts.js';

const POLYGON = getChain('POLYGON')!;
const USDC = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359';
const USDT = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F';
const facts = (extra: Partial<ChainFacts> = {}): ChainFacts => ({
  network: '137',
  expectedNetwork: '137',
  networkLabel: 'chain id',
  tokens: [
    { symbol: 'USDC', contract: USDC, hasCode: true, decimals: 6, onChainSymbol: 'USDC' },
    { symbol: 'USDT', contract: USDT, hasCode: true, decimals: 6, onChainSymbol: 'USDT0' },
  ],
  ...extra,
});

describe('judgeChainFacts: the registry against what the node says', () => {
  it('keeps a token whose symbol differs only (Polygon USDT answers USDT0 since its upgrade in place)', () => {
    expect(judgeChainFacts(POLYGON, facts())).toEqual({
      chainId: 'POLYGON',
      state: 'ok',
      tokens: [
        { symbol: 'USDC', contract: USDC, state: 'ok' },
        {
          symbol: 'USDT',
          contract: USDT,
          state: 'symbol differs',
          detail: `symbol() answered "USDT0" at ${USDT}`,
        },
      ],
    });
  });

  it('disables a token without code, with a failing decimals() or other decimals', () => {
    const tokens = judgeChainFacts(
      POLYGON,
      facts({
        tokens: [
          { symbol: 'USDC', contract: USDC, hasCode: false },
          { symbol: 'USDT', contract: USDT, hasCode: true, decimals: 18, onChainSymbol: 'USDT' },
        ],
      }),
    ).tokens;
    expect(tokens).toEqual([
      { symbol: 'USDC', contract: USDC, state: 'disabled', detail: `no contract code at ${USDC}` },
      {
        symbol: 'USDT',
        contract: USDT,
        state: 'disabled',
        detail: `decimals() answered 18 at ${USDT}; the registry says 6`,
      },
    ]);
    expect(
      judgeChainFacts(POLYGON, facts({ tokens: [{ symbol: 'USDC', contract: USDC, hasCode: true }] })).tokens,
    ).toEqual([
      { symbol: 'USDC', contract: USDC, state: 'disabled', detail: `decimals() failed at ${USDC}` },
    ]);
  });

  it('disables the whole chain when the node serves another network', () => {
    expect(judgeChainFacts(POLYGON, facts({ network: '80002' }))).toEqual({
      chainId: 'POLYGON',
      state: 'wrong network',
      detail: 'the node serves chain id 80002; POLYGON is chain id 137',
      tokens: [],
    });
  });
});
