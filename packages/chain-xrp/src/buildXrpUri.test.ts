import { describe, expect, it } from 'vitest';
import { buildXrpUri } from './buildXrpUri.js';
import { XrpAdapterError } from './XrpAdapterError.js';

const CLASSIC = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';

describe('buildXrpUri', () => {
  it("writes Xaman's xrpl:// payment request with decimal XRP and the destination tag", () => {
    expect(buildXrpUri({ address: CLASSIC, destinationTag: 7, amount: 1_500_000n })).toBe(
      `xrpl://${CLASSIC}?amount=1.5&dt=7`,
    );
    expect(buildXrpUri({ address: CLASSIC, destinationTag: 4294967295, amount: 1n })).toBe(
      `xrpl://${CLASSIC}?amount=0.000001&dt=4294967295`,
    );
  });

  it('leaves out a zero amount and a missing tag', () => {
    expect(buildXrpUri({ address: CLASSIC, amount: 0n })).toBe(`xrpl://${CLASSIC}`);
    expect(buildXrpUri({ address: CLASSIC, destinationTag: 0, amount: 0n })).toBe(`xrpl://${CLASSIC}?dt=0`);
  });

  it('parses back with the URL parser: address, amount and tag as given', () => {
    const url = new URL(buildXrpUri({ address: CLASSIC, destinationTag: 123, amount: 25_000_001n }));
    expect(url.protocol).toBe('xrpl:');
    expect(url.host).toBe(CLASSIC);
    expect(url.searchParams.get('amount')).toBe('25.000001');
    expect(url.searchParams.get('dt')).toBe('123');
  });

  it('refuses a bad address, tag or amount', () => {
    expect(() => buildXrpUri({ address: 'rBad', amount: 1n })).toThrow(XrpAdapterError);
    expect(() => buildXrpUri({ address: CLASSIC, destinationTag: 2 ** 32, amount: 1n })).toThrow(
      /destination tag/,
    );
    expect(() => buildXrpUri({ address: CLASSIC, destinationTag: -1, amount: 1n })).toThrow(XrpAdapterError);
    expect(() => buildXrpUri({ address: CLASSIC, amount: -1n })).toThrow(/negative/);
  });
});
