import { MoneroAdapterError } from './MoneroAdapterError.js';
import type { MoneroNetwork } from './moneroChains.js';
import { parsePrivateKeyHex, publicKeyHexOf } from './moneroKeys.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';

/** A stored Monero wallet taken apart. */
export interface MoneroWalletParts {
  /** The primary (standard) address. */
  readonly address: string;
  /** The private view key, 64 lower-case hex characters. */
  readonly viewKey: string;
  /** The public spend key of the address (hex): B in the subaddress derivation. */
  readonly publicSpendKey: string;
  readonly network: MoneroNetwork;
}

/**
 * Takes apart a wallet as {@link validateMoneroWallet} normalized it (`<primary address>:<view key>`)
 * and checks it again (a standard address, a canonical view key whose public key is the address's),
 * so a corrupted stored value can never derive deposit addresses the merchant's wallet does not see.
 * Throws {@link MoneroAdapterError} `INVALID_WALLET`.
 *
 * @example
 * moneroWalletParts('4…:0f3c…'); // { address: '4…', viewKey: '0f3c…', publicSpendKey: '…', network: 'mainnet' }
 */
export function moneroWalletParts(normalized: string): MoneroWalletParts {
  const [addressText, viewKey, ...rest] = normalized.split(':');
  const broken = (why: string, cause?: unknown) =>
    new MoneroAdapterError('INVALID_WALLET', `stored Monero wallet is not valid: ${why}`, { cause });
  if (addressText === undefined || viewKey === undefined || rest.length > 0) {
    throw broken('expected <primary address>:<private view key>');
  }
  let address: ReturnType<typeof parseMoneroAddress>;
  try {
    address = parseMoneroAddress(addressText);
  } catch (error) {
    throw broken((error as Error).message, error);
  }
  if (address.kind !== 'standard' || address.address !== addressText) throw broken('not a primary address');
  const viewScalar = /^[0-9a-f]{64}$/.test(viewKey) ? parsePrivateKeyHex(viewKey) : undefined;
  if (viewScalar === undefined) throw broken('the view key is not a lower-case canonical scalar');
  if (publicKeyHexOf(viewScalar) !== address.publicViewKey) {
    throw broken('the view key does not belong to the address');
  }
  return {
    address: address.address,
    viewKey,
    publicSpendKey: address.publicSpendKey,
    network: address.network,
  };
}
