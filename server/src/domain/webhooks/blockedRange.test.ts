import { describe, expect, it } from 'vitest';
import { blockedRange } from './blockedRange.js';

describe('blockedRange (SSRF guard classification)', () => {
  it.each([
    ['127.0.0.1', 'loopback', true],
    ['10.1.2.3', 'private', true],
    ['172.16.0.1', 'private', true],
    ['192.168.0.1', 'private', true],
    ['169.254.169.254', 'linkLocal', false],
    ['100.64.0.1', 'carrierGradeNat', false],
    ['224.0.0.1', 'multicast', false],
    ['255.255.255.255', 'broadcast', false],
    ['0.0.0.0', 'unspecified', false],
    ['192.0.2.1', 'reserved', false],
    ['198.51.100.1', 'reserved', false],
    ['203.0.113.1', 'reserved', false],
    ['198.18.0.1', 'reserved', false],
    ['::1', 'loopback', true],
    ['::', 'unspecified', false],
    ['fe80::1', 'linkLocal', false],
    ['fd00::1', 'uniqueLocal', true],
    ['ff02::1', 'multicast', false],
    ['2001:db8::1', 'reserved', false],
    ['64:ff9b::7f00:1', 'rfc6052', false],
    ['2002:7f00:1::1', '6to4', false],
    ['2001::1', 'teredo', false],
    ['::7f00:1', 'notGlobalUnicast', false],
  ])('%s is %s', (address, range, opened) => {
    expect(blockedRange(address)).toMatchObject({ range, openedByDevFlag: opened });
  });

  it('judges an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(blockedRange('::ffff:127.0.0.1')).toEqual({
      range: 'loopback',
      address: '127.0.0.1',
      openedByDevFlag: true,
    });
    expect(blockedRange('::ffff:a00:1')).toMatchObject({ range: 'private', address: '10.0.0.1' });
    expect(blockedRange('::ffff:93.184.216.34')).toBeUndefined();
  });

  it('lets public unicast addresses through', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001::1',
    ])
      expect(blockedRange(address), address).toBeUndefined();
  });
});
