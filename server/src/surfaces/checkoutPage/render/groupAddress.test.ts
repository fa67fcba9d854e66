import { describe, expect, it } from 'vitest';
import { groupAddress } from './groupAddress.js';

describe('groupAddress', () => {
  it('splits into groups of 4 that join back to the exact address', () => {
    const address = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    const groups = groupAddress(address);
    expect(groups.slice(0, 3)).toEqual(['0x71', 'C765', '6EC7']);
    expect(groups).toHaveLength(11);
    expect(groups.at(-1)).toBe('6F');
    expect(groups.every((g) => g.length <= 4)).toBe(true);
    expect(groups.join('')).toBe(address);
  });

  it('gives no group for an empty address and one for a short one', () => {
    expect(groupAddress('')).toEqual([]);
    expect(groupAddress('abc')).toEqual(['abc']);
  });
});
