const HEX_40 = /^[0-9a-f]{40}$/;

function bareHex(value: string): string | undefined {
  const hex = value.trim().toLowerCase().replace(/^0x/, '');
  return HEX_40.test(hex) ? hex : undefined;
}

/**
 * Whether `a` and `b` are the same EVM address, whatever their case or `0x` prefix: what the server
 * uses to find a `Duplicate` wallet among the stored ones (stored checksummed, compared to a new one that
 * validated). `false` when either is not an address.
 *
 * @example
 * sameEvmAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '0xD8DA6BF26964AF9D7EED9E03E53415D37AA96045'); // true
 */
export function sameEvmAddress(a: string, b: string): boolean {
  const left = bareHex(a);
  return left !== undefined && left === bareHex(b);
}
