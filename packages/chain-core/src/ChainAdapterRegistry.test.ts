import { describe, expect, it } from 'vitest';
import type { ChainAdapter } from './ChainAdapter.js';
import { ChainAdapterRegistry, ChainUnavailableError } from './ChainAdapterRegistry.js';

const utxo: ChainAdapter = {
  family: 'utxo',
  validateWallet: () => ({ ok: true, normalized: 'x', kind: 'p2wpkh', outcome: 'ok' }),
  deriveDepositTarget: ({ index }) => ({ address: `addr${index}`, memo: '' }),
  buildPaymentUri: ({ target }) => `bitcoin:${target.address}`,
};

describe('ChainAdapterRegistry', () => {
  const registry = new ChainAdapterRegistry([utxo], ['LTC_REGTEST', 'ETH_LOCAL', 'NOT_A_CHAIN']);

  it('offers only enabled chains whose family has an adapter', () => {
    expect(registry.usableChainIds()).toEqual(['LTC_REGTEST']);
    expect(registry.isUsable('ETH_LOCAL')).toBe(false);
  });

  it('names why a chain is unavailable', () => {
    expect(registry.get('LTC_REGTEST').adapter).toBe(utxo);
    expect(() => registry.get('ETH_LOCAL')).toThrow(/no adapter for the evm family/);
    expect(() => registry.get('BTC_TESTNET')).toThrow(/not enabled/);
    expect(() => registry.get('NOPE')).toThrow(ChainUnavailableError);
  });
});
