/**
 * Constant-time equality of two byte arrays (time depends only on the length, which is public).
 * Arrays of different lengths are simply unequal; this never throws.
 */
export function timingSafeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
