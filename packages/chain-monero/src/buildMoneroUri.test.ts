import { describe, expect, it } from 'vitest';
import { buildMoneroUri } from './buildMoneroUri.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';

const address =
  '8ByMSGMHq6g3qBNBBzdxKP6zfK3C1DnCJ7Wg6LoLavesU4pCP2bTtdmPmeghsysL9F9FhPi9SkSZ795FJYmwp3fHKXraAXB';

describe('buildMoneroUri', () => {
  it('writes tx_amount in decimal XMR without trailing zeros', () => {
    expect(buildMoneroUri({ address, amount: 1_500_000_000_000n })).toBe(`monero:${address}?tx_amount=1.5`);
    expect(buildMoneroUri({ address, amount: 1n })).toBe(`monero:${address}?tx_amount=0.000000000001`);
    expect(buildMoneroUri({ address, amount: 2_000_000_000_000n })).toBe(`monero:${address}?tx_amount=2`);
  });

  it('adds recipient_name and tx_description percent-encoded, and leaves out empty ones', () => {
    expect(
      buildMoneroUri({
        address,
        amount: 1_000_000_000n,
        recipientName: 'Café & Co',
        description: 'Order #12 / 3',
      }),
    ).toBe(
      `monero:${address}?tx_amount=0.001&recipient_name=Caf%C3%A9%20%26%20Co&tx_description=Order%20%2312%20%2F%203`,
    );
    expect(buildMoneroUri({ address, amount: 1_000_000_000n, recipientName: '', description: '' })).toBe(
      `monero:${address}?tx_amount=0.001`,
    );
  });

  it('leaves out a zero amount', () => {
    expect(buildMoneroUri({ address, amount: 0n })).toBe(`monero:${address}`);
    expect(buildMoneroUri({ address, amount: 0n, recipientName: 'Shop' })).toBe(
      `monero:${address}?recipient_name=Shop`,
    );
  });

  it('refuses a negative amount and an address that could break the URI', () => {
    expect(() => buildMoneroUri({ address, amount: -1n })).toThrow(MoneroAdapterError);
    expect(() => buildMoneroUri({ address, amount: 2n ** 64n })).toThrow(/above the maximum/);
    expect(() => buildMoneroUri({ address: `${address}?tx_amount=9`, amount: 1n })).toThrow(
      MoneroAdapterError,
    );
    expect(() => buildMoneroUri({ address: '', amount: 1n })).toThrow(MoneroAdapterError);
  });
});
