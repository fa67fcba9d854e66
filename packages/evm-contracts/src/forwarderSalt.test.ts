import { describe, expect, it } from 'vitest';
import { factoryAddressFor } from './factoryAddressFor.js';
import { forwarderAddressFor } from './forwarderAddressFor.js';
import { forwarderSalt } from './forwarderSalt.js';

const PAYMENT = '1b4e28ba-2fa1-4d2e-883f-0016d3cca427';
const TREASURY_A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const TREASURY_B = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';

describe('offline forwarder addresses', () => {
  it('the salt depends on the chain and the payment, and refuses a malformed id', () => {
    expect(forwarderSalt(1, PAYMENT)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(forwarderSalt(1, PAYMENT)).toBe(forwarderSalt(1, PAYMENT.toUpperCase()));
    expect(forwarderSalt(1, PAYMENT)).not.toBe(forwarderSalt(8453, PAYMENT));
    expect(() => forwarderSalt(1, 'not-a-uuid')).toThrow(/not a UUID/);
  });

  it('one treasury has one factory on every chain; another treasury has other addresses', () => {
    expect(factoryAddressFor(TREASURY_A)).toBe(factoryAddressFor(TREASURY_A.toLowerCase() as `0x${string}`));
    expect(factoryAddressFor(TREASURY_A)).not.toBe(factoryAddressFor(TREASURY_B));
    const a = forwarderAddressFor({ treasury: TREASURY_A, chainId: 1, paymentId: PAYMENT });
    expect(a).not.toBe(forwarderAddressFor({ treasury: TREASURY_B, chainId: 1, paymentId: PAYMENT }));
    expect(a).not.toBe(forwarderAddressFor({ treasury: TREASURY_A, chainId: 137, paymentId: PAYMENT }));
  });
});
