import { describe, expect, it } from 'vitest';
import { transferPart } from './transferPart.js';

describe('transferPart', () => {
  it("names the part of a transaction the family's way", () => {
    expect(transferPart('utxo', 1)).toBe('output 1');
    expect(transferPart('evm', 7)).toBe('log 7');
    expect(transferPart('tron', 3)).toBe('log 3');
    expect(transferPart('stellar', 2)).toBe('operation 2');
    expect(transferPart('stellar', 301)).toBe('operation 1');
    expect(transferPart('monero', 12)).toBe('subaddress 12');
  });

  it('says nothing where the transaction itself is the transfer or there is no index', () => {
    expect(transferPart('evm', -1)).toBe('');
    expect(transferPart('tron', -3)).toBe('');
    expect(transferPart('xrp', 0)).toBe('');
    expect(transferPart('solana', 4)).toBe('');
    expect(transferPart('utxo', null)).toBe('');
    expect(transferPart(undefined, 2)).toBe('');
  });
});
