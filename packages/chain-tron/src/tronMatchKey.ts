import { tronAddressToHex } from './tronAddress.js';

/**
 * The watcher's match key of a TRON address: the 20-byte account as 40 lower-case hex digits, without
 * the 0x41 version byte (so `T…`, `41…` and a TVM log topic of one account are one key, and the
 * watcher's index stores it as 20 bytes).
 *
 * @example
 * tronMatchKey('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'); // 'a614f803b6fd780986a42c78ec9c7f77e6ded13c'
 */
export function tronMatchKey(address: string): string {
  return tronAddressToHex(address).slice(2);
}
