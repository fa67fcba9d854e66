import type { WalletInput, WalletValidation } from '@cairn/chain-core';
import { parseXrpAddress } from './parseXrpAddress.js';
import { XrpAdapterError, type XrpAdapterErrorCode } from './XrpAdapterError.js';
import { isXrpChainId, xrpNetworkName } from './xrpChains.js';

/** A rejected XRP Ledger wallet: a stable code and a message the merchant can act on. */
export type XrpWalletRejected = Extract<WalletValidation, { ok: false }> & {
  readonly code: XrpAdapterErrorCode;
};

const reject = (code: XrpAdapterErrorCode, message: string): XrpWalletRejected => ({
  ok: false,
  code,
  message,
});

/**
 * Validates a merchant's XRP Ledger wallet: the CLASSIC ADDRESS (`r…`) of the account payments go
 * to, checked with xrpl's functions (base58 alphabet, checksum). An X-address WITHOUT a tag of the
 * chain's network (`X…` on XRP, `T…` on XRP_TESTNET) is accepted and stored as its classic address;
 * an X-address CARRYING a tag is refused (`X_ADDRESS_HAS_TAG`): Cairn gives every payment its own
 * destination tag. A secret (family seed `s…`, secret numbers, recovery phrase) is refused with
 * `SECRET_GIVEN`. Classic addresses carry no network, so the outcome reminds the merchant which network
 * the account must exist on. Pure, no I/O.
 *
 * @example
 * validateXrpWallet({ chainId: 'XRP', value: 'rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL' });
 * // { ok: true, normalized: 'rG31…', kind: 'classic-address', outcome: 'Classic address verified …' }
 */
export function validateXrpWallet(input: WalletInput): WalletValidation {
  const { chainId } = input;
  if (!isXrpChainId(chainId)) return reject('UNSUPPORTED_CHAIN', `${chainId} is not an XRP Ledger chain.`);
  const network = xrpNetworkName(chainId);
  let parsed: ReturnType<typeof parseXrpAddress>;
  try {
    parsed = parseXrpAddress(input.value, chainId);
  } catch (error) {
    if (error instanceof XrpAdapterError) {
      if (error.code === 'TAG_NOT_ALLOWED') {
        return reject(
          'TAG_NOT_ALLOWED',
          'Give your classic address alone, without a destination tag: Cairn gives every payment its own tag.',
        );
      }
      return reject(error.code, error.message);
    }
    throw error;
  }
  if (parsed.tag !== undefined) {
    return reject(
      'X_ADDRESS_HAS_TAG',
      `This X-address carries destination tag ${parsed.tag}, but Cairn gives every payment its own tag: ` +
        `give your classic address (${parsed.classicAddress}) or an X-address without a tag.`,
    );
  }
  return {
    ok: true,
    normalized: parsed.classicAddress,
    kind: 'classic-address',
    outcome:
      parsed.form === 'x-address'
        ? `X-address converted to its classic address; make sure the account exists on ${network}`
        : `Classic address verified (checksum); make sure the account exists on ${network}`,
  };
}
