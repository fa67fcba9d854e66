import { decodeAccountID, isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from 'xrpl';
import { detectXrpSecret, secretGivenMessage } from './detectXrpSecret.js';
import { XrpAdapterError } from './XrpAdapterError.js';
import { usesTestXAddresses, type XrpChainId, xrpNetworkName } from './xrpChains.js';

/** An XRP Ledger address as parsed from text. */
export interface ParsedXrpAddress {
  /** The classic address (`r…`) of the account. */
  readonly classicAddress: string;
  /** The destination tag an X-address carries; undefined for a classic address or a tagless X-address. */
  readonly tag: number | undefined;
  /** How it was written. */
  readonly form: 'classic' | 'x-address';
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const CLASSIC_SHAPE = new RegExp(`^r${BASE58}{24,34}$`);
const X_ADDRESS_SHAPE = new RegExp(`^[XT]${BASE58}{46}$`);
/** A classic address followed by a tag: `r…?dt=5`, `r…:5`, `r… 5`, `r… dt 5`, `r…?to=…` forms. */
const CLASSIC_WITH_TAG = new RegExp(`^(r${BASE58}{24,34})(?:[?:,;\\s]+(?:dt|tag)?[=:\\s]*)(\\d+)$`, 'i');

/**
 * Accounts nobody holds a key for: XRP sent there is gone ("black holes": ACCOUNT_ZERO, ACCOUNT_ONE,
 * the name-reservation and NaN addresses listed in the XRP Ledger docs, "Special Addresses").
 */
const BLACK_HOLES = new Set([
  'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
  'rrrrrrrrrrrrrrrrrrrrBZbvji',
  'rrrrrrrrrrrrrrrrrNAMEtxvNvQ',
  'rrrrrrrrrrrrrrrrrrrn5RM1rHd',
]);

/**
 * Parses an XRP Ledger address for `chainId`: a classic address (`r…`, base58 with checksum, checked
 * with xrpl's ripple-address-codec functions) or an X-address (`X…` on Mainnet, `T…` on test
 * networks; the network must be the chain's). Throws {@link XrpAdapterError}: `SECRET_GIVEN` for a
 * secret typed where an address belongs, `CHECKSUM_MISMATCH` for an address-shaped text whose checksum
 * fails (a typo), `WRONG_NETWORK` for an X-address of the other network, `TAG_NOT_ALLOWED` for a
 * classic address followed by a tag (`r…?dt=5`), `BLACK_HOLE_ADDRESS` for an account nobody can
 * spend from, `INVALID_ADDRESS` for anything else. Classic addresses carry no network: the same
 * address is valid on every XRP Ledger network. Pure, no I/O.
 *
 * @example
 * parseXrpAddress('XVJ1QW7PaoXVCRapLDdSfttpjzX54C9Sj3N2H8R52EWbAhF', 'XRP');
 * // { classicAddress: 'rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL', tag: undefined, form: 'x-address' }
 */
export function parseXrpAddress(input: string, chainId: XrpChainId): ParsedXrpAddress {
  const text = typeof input === 'string' ? input.trim() : '';
  const network = xrpNetworkName(chainId);
  if (text === '') {
    throw new XrpAdapterError('INVALID_ADDRESS', `Enter an address of ${network} (it starts with "r").`);
  }
  const secret = detectXrpSecret(text);
  if (secret) throw new XrpAdapterError('SECRET_GIVEN', secretGivenMessage(secret));

  if (isValidXAddress(text)) {
    const { classicAddress, tag, test } = xAddressToClassicAddress(text);
    const wantTest = usesTestXAddresses(chainId);
    if (test !== wantTest) {
      throw new XrpAdapterError(
        'WRONG_NETWORK',
        `This X-address is for ${test ? 'a test network (it starts with "T")' : 'the XRP Ledger Mainnet (it starts with "X")'}; ` +
          `${network} takes ${wantTest ? 'test X-addresses starting with "T"' : 'main-network X-addresses starting with "X"'} ` +
          `or the classic address (starting with "r").`,
      );
    }
    return checkSpendable({ classicAddress, tag: tag === false ? undefined : tag, form: 'x-address' });
  }
  if (isValidClassicAddress(text)) {
    return checkSpendable({ classicAddress: text, tag: undefined, form: 'classic' });
  }
  const withTag = CLASSIC_WITH_TAG.exec(text);
  if (withTag && isValidClassicAddress(withTag[1]!)) {
    throw new XrpAdapterError(
      'TAG_NOT_ALLOWED',
      'Give the address alone, without a destination tag; to name a tag too, give the X-address that carries both.',
    );
  }
  if (CLASSIC_SHAPE.test(text)) {
    throw new XrpAdapterError(
      'CHECKSUM_MISMATCH',
      'This looks like a classic XRP Ledger address, but its checksum does not match: a character is wrong or missing. Copy it again from your wallet.',
    );
  }
  if (X_ADDRESS_SHAPE.test(text)) {
    throw new XrpAdapterError(
      'CHECKSUM_MISMATCH',
      'This looks like an X-address, but its checksum does not match: a character is wrong or missing. Copy it again from your wallet.',
    );
  }
  throw new XrpAdapterError(
    'INVALID_ADDRESS',
    `This is not an address of ${network}: give a classic address (starting with "r", 25 to 35 characters) or an X-address.`,
  );
}

function checkSpendable(parsed: ParsedXrpAddress): ParsedXrpAddress {
  const accountId = decodeAccountID(parsed.classicAddress);
  if (BLACK_HOLES.has(parsed.classicAddress) || accountId.every((byte) => byte === 0)) {
    throw new XrpAdapterError(
      'BLACK_HOLE_ADDRESS',
      `${parsed.classicAddress} is a special address nobody holds a key for: XRP sent there is lost. Give your own account's address.`,
    );
  }
  return parsed;
}
