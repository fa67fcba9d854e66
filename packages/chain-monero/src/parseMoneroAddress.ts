import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { MoneroAddressParts } from './encodeMoneroAddress.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { decodeMoneroBase58 } from './moneroBase58.js';
import {
  MONERO_ADDRESS_LEADS,
  MONERO_ADDRESS_PREFIXES,
  type MoneroAddressKind,
  type MoneroNetwork,
  moneroChainName,
  moneroNetworkOf,
} from './moneroChains.js';
import { pointFromBytes } from './moneroKeys.js';
import { decodeMoneroVarint } from './moneroVarint.js';

/** A decoded Monero address. */
export interface MoneroAddress extends MoneroAddressParts {
  /** The address as given, trimmed (Monero addresses are case-sensitive: never change case). */
  readonly address: string;
}

/** Options of {@link parseMoneroAddress}. */
export interface ParseMoneroAddressOptions {
  /** When given, the address must be of this chain's network (`XMR` and `XMR_REGTEST`: mainnet). */
  readonly chainId?: string;
}

const KEY_SIZE = 32;
const PAYMENT_ID_SIZE = 8;
const CHECKSUM_SIZE = 4;
/** The longest address (integrated, 106 characters), with room for longer prefixes. */
const MAX_ADDRESS_LENGTH = 128;

const KINDS_BY_PREFIX = new Map<number, { network: MoneroNetwork; kind: MoneroAddressKind }>(
  Object.entries(MONERO_ADDRESS_PREFIXES).flatMap(([network, prefixes]) =>
    Object.entries(prefixes).map(([kind, prefix]) => [
      prefix,
      { network: network as MoneroNetwork, kind: kind as MoneroAddressKind },
    ]),
  ),
);

const invalid = (message: string) => new MoneroAdapterError('INVALID_ADDRESS', message);

/** "mainnet addresses (starting with 4 or 8)", for messages. */
export function describeMoneroNetworkAddresses(network: MoneroNetwork): string {
  const leads = MONERO_ADDRESS_LEADS[network];
  const all = [...new Set([leads.standard, leads.subaddress].flatMap((lead) => lead.split(' or ')))];
  return `${network} addresses (starting with ${all.join(' or ')})`;
}

function wrongNetwork(found: MoneroNetwork, chainId: string): MoneroAdapterError {
  const expected = moneroNetworkOf(chainId);
  const regtest = chainId === 'XMR_REGTEST' ? ' (a regtest node uses mainnet address prefixes)' : '';
  return new MoneroAdapterError(
    'WRONG_NETWORK',
    `This is a Monero ${found} address; ${moneroChainName(chainId)} takes ${describeMoneroNetworkAddresses(expected)}${regtest}.`,
  );
}

/**
 * Decodes a Monero standard, integrated or subaddress: block base58, the varint prefix (network and
 * kind), the two public keys (which must be points on the curve, as monero's `check_key` demands), the
 * payment id of an integrated address, and the keccak-256 checksum (first 4 bytes). With `chainId`,
 * the address must also be of that chain's network. Throws {@link MoneroAdapterError} with
 * `INVALID_ADDRESS`, `CHECKSUM_MISMATCH`, `WRONG_NETWORK` or `UNSUPPORTED_CHAIN`.
 *
 * @example
 * parseMoneroAddress('49HrwuWiFr5E1KtDfamG8aVKC4R578tW2eeM91oKcXTbDHE1zFduXDYixBt2cNauPEXkNyTa3biCc7gaCbeiZdq3R2NpKra');
 * // { network: 'mainnet', kind: 'standard', publicSpendKey: '…', publicViewKey: '…', address: '49Hr…' }
 */
export function parseMoneroAddress(input: string, options: ParseMoneroAddressOptions = {}): MoneroAddress {
  if (options.chainId !== undefined) moneroNetworkOf(options.chainId);
  const address = input.trim();
  if (address === '') throw invalid('Enter a Monero address.');
  if (address.length > MAX_ADDRESS_LENGTH) throw invalid('This is too long to be a Monero address.');

  let bytes: Uint8Array;
  try {
    bytes = decodeMoneroBase58(address);
  } catch (error) {
    throw new MoneroAdapterError(
      'INVALID_ADDRESS',
      `This is not a Monero address (check for a typo or a missing character): ${(error as Error).message}.`,
      { cause: error },
    );
  }
  const prefix = decodeMoneroVarint(bytes);
  if (!prefix || bytes.length < prefix.length + 2 * KEY_SIZE + CHECKSUM_SIZE) {
    throw invalid('This is not a Monero address: it is too short (check for a missing character).');
  }
  const body = bytes.subarray(0, bytes.length - CHECKSUM_SIZE);
  const checksum = bytes.subarray(bytes.length - CHECKSUM_SIZE);
  const expected = keccak_256(body).subarray(0, CHECKSUM_SIZE);
  if (!checksum.every((byte, i) => byte === expected[i])) {
    throw new MoneroAdapterError(
      'CHECKSUM_MISMATCH',
      'This Monero address has a wrong checksum: a character is mistyped. Copy it again from the wallet.',
    );
  }

  const found = KINDS_BY_PREFIX.get(prefix.value);
  if (!found) {
    throw invalid(
      `This is not a Monero address (its prefix ${prefix.value} is no Monero network's; another CryptoNote coin?).`,
    );
  }
  const { network, kind } = found;
  const payloadSize = 2 * KEY_SIZE + (kind === 'integrated' ? PAYMENT_ID_SIZE : 0);
  if (body.length - prefix.length !== payloadSize) {
    throw invalid(`This is not a valid Monero ${kind} address: it has the wrong length.`);
  }
  if (options.chainId !== undefined && network !== moneroNetworkOf(options.chainId)) {
    throw wrongNetwork(network, options.chainId);
  }
  const spend = body.subarray(prefix.length, prefix.length + KEY_SIZE);
  const view = body.subarray(prefix.length + KEY_SIZE, prefix.length + 2 * KEY_SIZE);
  if (!pointFromBytes(spend) || !pointFromBytes(view)) {
    throw invalid('This is not a valid Monero address: its keys are not points of the curve.');
  }
  const paymentId =
    kind === 'integrated' ? bytesToHex(body.subarray(prefix.length + 2 * KEY_SIZE)) : undefined;
  return {
    address,
    network,
    kind,
    publicSpendKey: bytesToHex(spend),
    publicViewKey: bytesToHex(view),
    ...(paymentId === undefined ? {} : { paymentId }),
  };
}
