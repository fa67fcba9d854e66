import { describe, expect, it } from 'vitest';
import { addressGroup } from './addressGroup.js';

describe('addressGroup', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones', () => {
    expect(addressGroup('192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::FFFF:c000:207')).toBe('192.0.2.7');
  });

  it('groups IPv6 addresses by /64, however they are written', () => {
    const group = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::42',
      '2001:0db8:0000:0001:ffff:1:2:3',
      '2001:DB8::1:0:0:0:1',
      '2001:db8:0:1::1.2.3.4',
    ]) {
      expect(addressGroup(ip), ip).toBe(group);
    }
    expect(addressGroup('2001:db8:0:2::42')).toBe('2001:db8:0:2::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
