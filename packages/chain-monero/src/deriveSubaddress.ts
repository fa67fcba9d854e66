import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { encodeMoneroAddress } from './encodeMoneroAddress.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import type { MoneroNetwork } from './moneroChains.js';
import {
  basePointTimes,
  hashToScalar,
  parsePrivateKeyHex,
  pointFromBytes,
  scalarToBytes,
} from './moneroKeys.js';

/** Everything a subaddress derives from: the wallet's public spend key, private view key and index. */
export interface DeriveSubaddressInput {
  readonly network: MoneroNetwork;
  /** B: the public spend key (hex), from the primary address. */
  readonly publicSpendKey: string;
  /** a: the private view key (hex, canonical scalar). */
  readonly privateViewKey: string;
  /** Account index (uint32). */
  readonly major: number;
  /** Address index within the account (uint32). */
  readonly minor: number;
}

const UINT32_MAX = 0xffff_ffff;
/** "SubAddr" and its NUL terminator: the domain separator of monero's `get_subaddress_secret_key`. */
const SUBADDR_DOMAIN = new TextEncoder().encode('SubAddr\0');

const isUint32 = (value: number) => Number.isInteger(value) && value >= 0 && value <= UINT32_MAX;

function le32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

/**
 * Derives subaddress (major, minor) the way monero's wallet does (`get_subaddress_spend_public_key`):
 * m = Hs("SubAddr\0" || a || le32(major) || le32(minor)), D = B + m·G, C = a·D, and the address
 * base58(varint(subaddress prefix) || D || C || checksum). Index (0, 0) is the primary address itself
 * (standard prefix, keys B and A = a·G). Pure; cross-checked against monero-wallet-rpc 0.18.0.0 in
 * deriveSubaddress.walletRpc.test.ts. Throws {@link MoneroAdapterError} `INVALID_SUBADDRESS_INDEX`,
 * `INVALID_VIEW_KEY` or `INVALID_ADDRESS` (a spend key that is no point).
 *
 * @example
 * deriveSubaddress({ network: 'mainnet', publicSpendKey, privateViewKey, major: 0, minor: 1 }); // '8…'
 */
export function deriveSubaddress(input: DeriveSubaddressInput): string {
  const { network, publicSpendKey, privateViewKey, major, minor } = input;
  if (!isUint32(major) || !isUint32(minor)) {
    throw new MoneroAdapterError(
      'INVALID_SUBADDRESS_INDEX',
      `subaddress indices are integers from 0 to ${UINT32_MAX}: got (${major}, ${minor})`,
    );
  }
  const viewScalar = parsePrivateKeyHex(privateViewKey);
  if (viewScalar === undefined) {
    throw new MoneroAdapterError(
      'INVALID_VIEW_KEY',
      'the private view key is not a canonical non-zero scalar',
    );
  }
  const spendPoint = /^[0-9a-fA-F]{64}$/.test(publicSpendKey)
    ? pointFromBytes(hexToBytes(publicSpendKey))
    : undefined;
  if (!spendPoint) {
    throw new MoneroAdapterError('INVALID_ADDRESS', 'the public spend key is not a point of the curve');
  }
  if (major === 0 && minor === 0) {
    return encodeMoneroAddress({
      network,
      kind: 'standard',
      publicSpendKey: bytesToHex(spendPoint.toBytes()),
      publicViewKey: bytesToHex(basePointTimes(viewScalar).toBytes()),
    });
  }
  const m = hashToScalar(
    new Uint8Array([...SUBADDR_DOMAIN, ...scalarToBytes(viewScalar), ...le32(major), ...le32(minor)]),
  );
  // m = 0 has probability 1/l; then D = B, as monero's ge_scalarmult_base(0) + B gives.
  const D = m === 0n ? spendPoint : spendPoint.add(basePointTimes(m));
  const C = D.multiply(viewScalar);
  return encodeMoneroAddress({
    network,
    kind: 'subaddress',
    publicSpendKey: bytesToHex(D.toBytes()),
    publicViewKey: bytesToHex(C.toBytes()),
  });
}
