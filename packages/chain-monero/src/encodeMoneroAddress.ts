import { keccak_256 } from '@noble/hashes/sha3.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { encodeMoneroBase58 } from './moneroBase58.js';
import { MONERO_ADDRESS_PREFIXES, type MoneroAddressKind, type MoneroNetwork } from './moneroChains.js';
import { encodeMoneroVarint } from './moneroVarint.js';

/** The parts of a Monero address. Keys are 32-byte compressed points in hex. */
export interface MoneroAddressParts {
  readonly network: MoneroNetwork;
  readonly kind: MoneroAddressKind;
  readonly publicSpendKey: string;
  readonly publicViewKey: string;
  /** The 8-byte payment id in hex, for (and only for) an integrated address. */
  readonly paymentId?: string;
}

const KEY_HEX = /^[0-9a-fA-F]{64}$/;
const PAYMENT_ID_HEX = /^[0-9a-fA-F]{16}$/;

/**
 * Writes an address: base58(varint(prefix) || spend key || view key [|| payment id] || checksum),
 * the checksum being the first 4 bytes of keccak-256 of what precedes it. The keys are taken as
 * given (no curve check): callers pass keys they derived or parsed.
 *
 * @example
 * encodeMoneroAddress({ network: 'mainnet', kind: 'standard', publicSpendKey, publicViewKey }); // '4…'
 */
export function encodeMoneroAddress(parts: MoneroAddressParts): string {
  const { network, kind, publicSpendKey, publicViewKey, paymentId } = parts;
  if (!KEY_HEX.test(publicSpendKey) || !KEY_HEX.test(publicViewKey)) {
    throw new MoneroAdapterError('INVALID_ADDRESS', 'public keys must be 64 hex characters');
  }
  if ((kind === 'integrated') !== (paymentId !== undefined)) {
    throw new MoneroAdapterError(
      'INVALID_ADDRESS',
      'a payment id goes with, and only with, an integrated address',
    );
  }
  if (paymentId !== undefined && !PAYMENT_ID_HEX.test(paymentId)) {
    throw new MoneroAdapterError('INVALID_ADDRESS', 'an integrated payment id is 16 hex characters');
  }
  const prefix = encodeMoneroVarint(MONERO_ADDRESS_PREFIXES[network][kind]);
  const body = new Uint8Array([
    ...prefix,
    ...hexToBytes(publicSpendKey),
    ...hexToBytes(publicViewKey),
    ...(paymentId === undefined ? [] : hexToBytes(paymentId)),
  ]);
  const checksum = keccak_256(body).subarray(0, 4);
  return encodeMoneroBase58(new Uint8Array([...body, ...checksum]));
}
