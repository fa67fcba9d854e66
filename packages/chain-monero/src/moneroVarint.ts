/**
 * Monero's varint (unsigned LEB128: 7 bits a byte, least significant first, high bit = more), which
 * carries an address's network-and-kind prefix.
 *
 * @example
 * encodeMoneroVarint(18); // Uint8Array [0x12]
 */
export function encodeMoneroVarint(value: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`invalid varint value: ${value}`);
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return Uint8Array.from(bytes);
}

/**
 * Reads a varint at the start of `bytes`: its value and how many bytes it took; undefined when the
 * bytes end inside it, it is longer than a safe integer allows or it is not minimal (a trailing 0x00
 * continuation byte, which monero's reader refuses too).
 */
export function decodeMoneroVarint(bytes: Uint8Array): { value: number; length: number } | undefined {
  let value = 0;
  for (let i = 0; i < bytes.length && i < 8; i += 1) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) return byte === 0 && i > 0 ? undefined : { value, length: i + 1 };
  }
  return undefined;
}
