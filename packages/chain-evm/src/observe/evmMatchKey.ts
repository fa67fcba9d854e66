/**
 * The watcher's match key of an EVM address: its 40 hex digits in lower case, without `0x` (so the
 * watcher's index stores it as 20 bytes, and case never matters).
 */
export function evmMatchKey(address: string): string {
  return address.slice(2).toLowerCase();
}
