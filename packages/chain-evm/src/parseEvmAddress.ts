import { type Address, getAddress } from 'viem';
import { EVM_CHAINS, type EvmChainParams, isEvmChainId } from './evmChains.js';

/** An address read from what someone pasted, before asking whether it can be a wallet. */
export interface ParsedEvmAddress {
  readonly ok: true;
  /** The EIP-55 checksummed address. */
  readonly address: Address;
  /**
   * Whether anything around the address was normalised: surrounding whitespace or quotes, a `0X` or
   * missing `0x` prefix, an `ethereum:`, `eip155:<id>:` or EIP-3770 `<shortName>:` prefix.
   */
  readonly canonicalized: boolean;
  /** `verified`: mixed case with a correct checksum. `applied`: one case only, so no checksum to check. */
  readonly checksum: 'verified' | 'applied';
}

/** Why a pasted value is not an address of the chain. */
export interface EvmAddressRefusal {
  readonly ok: false;
  readonly code:
    | 'UNSUPPORTED_CHAIN'
    | 'INVALID_ADDRESS'
    | 'CHECKSUM_MISMATCH'
    | 'WRONG_NETWORK'
    | 'PRIVATE_KEY_REJECTED';
  readonly message: string;
}

const SURROUNDING_BLANKS = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;
const QUOTE_PAIRS: Readonly<Record<string, string>> = { '"': '"', "'": "'", '`': '`', '<': '>' };
const ADDRESS_40 = /^0x[0-9a-fA-F]{40}$/;
const MAX_INPUT_LENGTH = 512;

const refuse = (code: EvmAddressRefusal['code'], message: string): EvmAddressRefusal => ({
  ok: false,
  code,
  message,
});

function stripSurroundings(input: string): string {
  let text = input.replace(SURROUNDING_BLANKS, '');
  const close = QUOTE_PAIRS[text[0] ?? ''];
  if (close !== undefined && text.length > 1 && text.endsWith(close)) {
    text = text.slice(1, -1).replace(SURROUNDING_BLANKS, '');
  }
  return text;
}

function chainOfId(id: number): EvmChainParams | undefined {
  return Object.values(EVM_CHAINS).find((c) => c.chainId === id);
}

function wrongNetwork(chain: EvmChainParams, named: string): EvmAddressRefusal {
  return refuse(
    'WRONG_NETWORK',
    `This address was copied for ${named}, not for ${chain.networkName}. A smart-contract wallet (a Safe, ` +
      `for instance) exists only on the network it was created on: copy the address your wallet shows for ` +
      `${chain.networkName}.`,
  );
}

function describeChainId(id: number): string {
  return chainOfId(id)?.networkName ?? `another network (chain id ${id})`;
}

/**
 * Removes a URI or chain prefix: EIP-681 `ethereum:[pay-]<address>[@<chainId>][?…]`, CAIP-10
 * `eip155:<chainId>:<address>` and EIP-3770 `<shortName>:<address>` (as Safe copies addresses). Returns
 * the rest, or a refusal when the prefix names another chain or carries something other than a wallet.
 */
function stripPrefix(chain: EvmChainParams, text: string): string | EvmAddressRefusal {
  const eip681 = /^ethereum:(?:pay-)?([^@/?]*)(?:@([^/?]*))?(\/[^?]*)?(?:\?.*)?$/i.exec(text);
  if (eip681) {
    const [, target = '', chainIdText, fn] = eip681;
    if (fn !== undefined) {
      return refuse(
        'INVALID_ADDRESS',
        'This is a payment request for a token (ethereum:…/transfer): the address in it is the token ' +
          "contract, not a wallet. Paste the wallet's own address.",
      );
    }
    if (chainIdText !== undefined) {
      if (!/^\d{1,20}$/.test(chainIdText)) {
        return refuse('INVALID_ADDRESS', `This ethereum: link has an invalid chain id (@${chainIdText}).`);
      }
      const id = Number(chainIdText);
      if (id !== chain.chainId) return wrongNetwork(chain, describeChainId(id));
    }
    return target;
  }
  const caip10 = /^eip155:(\d{1,20}):(.*)$/i.exec(text);
  if (caip10) {
    const id = Number(caip10[1]);
    if (id !== chain.chainId) return wrongNetwork(chain, describeChainId(id));
    return caip10[2] ?? '';
  }
  const shortName = /^([a-z][a-z0-9-]{0,31}):(.*)$/i.exec(text);
  if (shortName) {
    const name = (shortName[1] ?? '').toLowerCase();
    if (chain.shortNames.includes(name)) return shortName[2] ?? '';
    const other = Object.values(EVM_CHAINS).find((c) => c.shortNames.includes(name));
    if (other) return wrongNetwork(chain, `${other.networkName} (prefix ${name}:)`);
    return refuse(
      'INVALID_ADDRESS',
      `This address starts with an unknown prefix (${name}:). Paste the address alone, 0x followed by 40 hex digits.`,
    );
  }
  return text;
}

function diagnose(text: string): EvmAddressRefusal {
  if (/^[a-z]+(?:\s+[a-z]+){11,}$/.test(text)) {
    return refuse(
      'PRIVATE_KEY_REJECTED',
      "This looks like a recovery phrase: never share it with anyone. Paste the wallet's receive address (0x…).",
    );
  }
  if (/^(?:0x)?[0-9a-fA-F]{64}$/i.test(text)) {
    return refuse(
      'INVALID_ADDRESS',
      'This is 64 hex digits: a transaction hash or a private key, not an address (40 hex digits). Never ' +
        "paste a private key anywhere; paste the wallet's receive address.",
    );
  }
  if (/^[^\s/:]+\.[a-z]{2,}$/i.test(text) && !/^0x/i.test(text)) {
    return refuse(
      'INVALID_ADDRESS',
      'Names such as ENS names are not accepted: a name can be pointed elsewhere later. Paste the 0x address ' +
        'your wallet shows.',
    );
  }
  const hexPart = /^0x(.*)$/i.exec(text)?.[1];
  if (hexPart !== undefined) {
    if (/^[0-9a-fA-F]*$/.test(hexPart)) {
      return refuse(
        'INVALID_ADDRESS',
        `This address has ${hexPart.length} hex digits after 0x; an address has exactly 40. Part of it was ` +
          'lost or added when copying: copy it again from the wallet.',
      );
    }
    return refuse(
      'INVALID_ADDRESS',
      'This address has characters that are not hex digits (0-9, a-f); look-alike letters from another ' +
        'alphabet count. Copy it again from the wallet.',
    );
  }
  return refuse('INVALID_ADDRESS', 'This is not an EVM address: an address is 0x followed by 40 hex digits.');
}

/**
 * Reads an EVM address out of what someone pasted for `chainId`, the common parsing of a merchant's
 * treasury and a customer's refund address. Accepts after normalising (`canonicalized`) surrounding
 * whitespace, invisible characters and quotes, a `0X` prefix, a missing `0x` before exactly 40 hex digits,
 * and the prefixes `ethereum:` (EIP-681, chain id checked), `eip155:<id>:` (CAIP-10) and `<shortName>:`
 * (EIP-3770). Mixed case must carry a correct EIP-55 checksum; one case only carries none, so the checksum
 * is applied. Refuses a prefix or chain id of another network (`WRONG_NETWORK`), secrets pasted by
 * mistake, and anything else that is not an address, with a message naming what to do. Pure, no I/O.
 *
 * @example
 * parseEvmAddress('BASE', ' base:0xd8da6bf26964af9d7eed9e03e53415d37aa96045 ');
 * // { ok: true, address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', canonicalized: true, checksum: 'applied' }
 */
export function parseEvmAddress(chainId: string, input: string): ParsedEvmAddress | EvmAddressRefusal {
  if (!isEvmChainId(chainId)) return refuse('UNSUPPORTED_CHAIN', `${chainId} is not an EVM chain.`);
  const chain = EVM_CHAINS[chainId];
  if (input.length > MAX_INPUT_LENGTH) {
    return refuse('INVALID_ADDRESS', 'This is far too long for an address (0x followed by 40 hex digits).');
  }
  const stripped = stripSurroundings(input);
  if (stripped === '') {
    return refuse(
      'INVALID_ADDRESS',
      `Enter an address on ${chain.networkName}: 0x followed by 40 hex digits.`,
    );
  }
  const unprefixed = stripPrefix(chain, stripped);
  if (typeof unprefixed !== 'string') return unprefixed;
  const bare = stripSurroundings(unprefixed);

  let text = bare;
  if (/^0X[0-9a-fA-F]{40}$/.test(text)) text = `0x${text.slice(2)}`;
  else if (/^[0-9a-fA-F]{40}$/.test(text)) text = `0x${text}`;
  if (!ADDRESS_40.test(text)) return diagnose(bare);

  const hex = text.slice(2);
  const address = getAddress(`0x${hex.toLowerCase()}`);
  const mixedCase = /[a-f]/.test(hex) && /[A-F]/.test(hex);
  if (mixedCase && text !== address) {
    return refuse(
      'CHECKSUM_MISMATCH',
      "This address's mix of capital and small letters (its EIP-55 checksum) does not match: it has a typo " +
        'or was altered. Copy it again from the wallet; never retype it by hand.',
    );
  }
  return { ok: true, address, canonicalized: text !== input, checksum: mixedCase ? 'verified' : 'applied' };
}
