import { describe, expect, it } from 'vitest';
import { CHAIN_IDS, CHAINS, chainsForMode, getChain, getCoin, isChainId } from './chainRegistry.js';

// docs/limits.md, "Payment window and late grace": per chain family.
const SPEC_WINDOWS: Record<string, number> = {
  Bitcoin: 60,
  Litecoin: 60,
  'Bitcoin Cash': 60,
  Dogecoin: 60,
  Ethereum: 20,
  Base: 20,
  Polygon: 20,
  'BNB Chain': 20,
  'Ethereum Sepolia': 20,
  Solana: 15,
  TRON: 15,
  XRP: 20,
  Stellar: 20,
  Monero: 120,
};

describe('chain registry', () => {
  it('has the two example chain ids of the API reference', () => {
    expect(isChainId('ETH_SEPOLIA')).toBe(true);
    expect(isChainId('BTC_TESTNET')).toBe(true);
  });

  it('covers every family of the windows table with a mainnet and a testnet', () => {
    for (const family of Object.keys(SPEC_WINDOWS)) {
      const chains = Object.values(CHAINS).filter((c) => c.specFamily === family);
      expect(chains.length, family).toBeGreaterThan(0);
      if (family !== 'Ethereum Sepolia') {
        expect(
          chains.some((c) => c.network === 'mainnet'),
          `${family} mainnet`,
        ).toBe(true);
      }
      // Ethereum's testnet is its own row of the table: Ethereum Sepolia.
      const testnetFamily = family === 'Ethereum' ? 'Ethereum Sepolia' : family;
      const testnets = Object.values(CHAINS).filter(
        (c) => c.specFamily === testnetFamily && c.network === 'testnet',
      );
      expect(testnets.length, `${family} testnet`).toBeGreaterThan(0);
    }
  });

  it.each(Object.values(CHAINS))('$id has the window of its family and a 12 h late grace', (chain) => {
    expect(chain.paymentWindowMinutes).toBe(SPEC_WINDOWS[chain.specFamily]);
    expect(chain.lateGraceMinutes).toBe(12 * 60);
  });

  it('maps mainnets to live mode and every other network to test mode', () => {
    for (const chain of Object.values(CHAINS)) {
      expect(chain.mode).toBe(chain.network === 'mainnet' ? 'live' : 'test');
    }
    expect(chainsForMode('live').every((c) => c.network === 'mainnet')).toBe(true);
    expect(chainsForMode('test').map((c) => c.id)).toContain('LTC_REGTEST');
    expect(chainsForMode('test').map((c) => c.id)).toContain('ETH_LOCAL');
  });

  it('keys every chain by its own id and has unique coin symbols per chain', () => {
    for (const id of CHAIN_IDS) {
      const chain = CHAINS[id];
      expect(chain.id).toBe(id);
      const symbols = chain.coins.map((c) => c.symbol);
      expect(new Set(symbols).size).toBe(symbols.length);
      expect(chain.coins.filter((c) => c.kind === 'native')).toHaveLength(1);
    }
  });

  it('knows the smallest units of the common coins', () => {
    expect(getCoin('BTC_TESTNET', 'BTC')?.decimals).toBe(8);
    expect(getCoin('ETH_SEPOLIA', 'ETH')?.decimals).toBe(18);
    expect(getCoin('ETH_SEPOLIA', 'USDC')?.decimals).toBe(6);
    expect(getCoin('SOL', 'SOL')?.decimals).toBe(9);
    expect(getCoin('XMR', 'XMR')?.decimals).toBe(12);
    expect(getCoin('BSC', 'USDT')?.decimals).toBe(18);
    expect(getCoin('BTC', 'USDC')).toBeUndefined();
    expect(getChain('NOPE')).toBeUndefined();
  });

  it('uses the default confirmation depths of docs/limits.md', () => {
    const depth = (id: keyof typeof CHAINS) => CHAINS[id].defaultConfirmations;
    expect([depth('BTC'), depth('LTC'), depth('BCH'), depth('DOGE')]).toEqual([2, 6, 6, 20]);
    expect([depth('ETH'), depth('ETH_SEPOLIA'), depth('BASE'), depth('POLYGON'), depth('BSC')]).toEqual([
      12, 12, 12, 64, 15,
    ]);
    expect([depth('TRON'), depth('XMR')]).toEqual([19, 10]);
  });
});
