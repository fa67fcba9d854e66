import { CHAINS } from '@cairn/contract';
import { decodeTronAddress, tronAddressFromHex } from './tronAddress.js';
import { isTronChainId, type TronChainId, tronNetworkName } from './tronChains.js';

/** A TRON address parsed from what somebody pasted. */
export interface ParsedTronAddress {
  readonly ok: true;
  /** Base58check (`T…`). */
  readonly address: string;
  /** Whether anything around or about the text changed (whitespace, quotes, `tron:`, hex to base58). */
  readonly canonicalized: boolean;
}

/** Why a pasted text is not a usable TRON address. */
export interface TronAddressRefusal {
  readonly ok: false;
  readonly code:
    | 'UNSUPPORTED_CHAIN'
    | 'INVALID_ADDRESS'
    | 'CHECKSUM_MISMATCH'
    | 'WRONG_NETWORK'
    | 'PRIVATE_KEY_REJECTED'
    | 'ZERO_ADDRESS'
    | 'TOKEN_CONTRACT';
  readonly message: string;
}

const ZERO_HEX = `41${'0'.repeat(40)}`;
const MNEMONIC_LENGTHS = new Set([12, 15, 18, 21, 24]);

/** The token contracts of every TRON chain of the registry, by 41-hex: `{ symbol, chain }`. */
function tokenAt(hex: string): { symbol: string; chain: TronChainId } | undefined {
  for (const chain of ['TRON', 'TRON_NILE'] as const) {
    for (const coin of CHAINS[chain].coins as readonly { symbol: string; contract?: string }[]) {
      if (!coin.contract) continue;
      const decoded = decodeTronAddress(coin.contract);
      if (decoded.ok && decoded.hex === hex) return { symbol: coin.symbol, chain };
    }
  }
  return undefined;
}

/**
 * Parses a TRON address that a merchant or a customer pasted for `chainId`: base58check `T…` (stored
 * as is) or the 21-byte hex form `41…` (stored as base58check), with surrounding whitespace, quotes
 * and a `tron:` prefix tolerated. Refuses with an actionable message: a private key or a recovery
 * phrase pasted by mistake, an Ethereum `0x` address (TRON wallets show `T…` addresses), a bad
 * checksum (a typo), anything else that is no TRON address, the zero address, and a token contract
 * of the registry (USDT's contract is not a wallet). TRON's mainnet and its testnets share one
 * address format, so the network cannot be told from the address. Pure, no I/O.
 *
 * @example
 * parseTronAddress('TRON', ' 41a614f803b6fd780986a42c78ec9c7f77e6ded13c ');
 * // { ok: false, code: 'TOKEN_CONTRACT', message: 'That is the USDT contract on TRON mainnet, …' }
 */
export function parseTronAddress(chainId: string, pasted: string): ParsedTronAddress | TronAddressRefusal {
  if (!isTronChainId(chainId)) {
    return { ok: false, code: 'UNSUPPORTED_CHAIN', message: `${chainId} is not a TRON chain.` };
  }
  const network = tronNetworkName(chainId);
  const expected = `a ${network} address: 34 characters starting with T, as your TRON wallet shows for receiving`;
  const text = pasted
    .trim()
    .replace(/^["'`]|["'`]$/g, '')
    .trim()
    .replace(/^tron:/i, '');
  let canonicalized = text !== pasted;

  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text)) {
    return {
      ok: false,
      code: 'PRIVATE_KEY_REJECTED',
      message: `This looks like a private key, which must never be shared: move your funds to a new wallet if it was exposed. Paste ${expected}.`,
    };
  }
  const words = text.split(/\s+/);
  if (words.length > 1 && MNEMONIC_LENGTHS.has(words.length) && words.every((w) => /^[a-z]+$/.test(w))) {
    return {
      ok: false,
      code: 'PRIVATE_KEY_REJECTED',
      message: `This looks like a recovery phrase, which must never be shared: move your funds to a new wallet if it was exposed. Paste ${expected}.`,
    };
  }
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) {
    return {
      ok: false,
      code: 'WRONG_NETWORK',
      message: `This is an Ethereum-style 0x address; TRON does not accept it. Paste ${expected}.`,
    };
  }

  let address: string;
  if (/^41[0-9a-fA-F]{40}$/.test(text)) {
    address = tronAddressFromHex(text);
    canonicalized = true;
  } else {
    const decoded = decodeTronAddress(text);
    if (!decoded.ok) {
      if (decoded.problem === 'CHECKSUM_MISMATCH') {
        return {
          ok: false,
          code: 'CHECKSUM_MISMATCH',
          message: `This TRON address has a wrong checksum: a character is mistyped or missing. Copy it again from your wallet; it must be ${expected}.`,
        };
      }
      return {
        ok: false,
        code: 'INVALID_ADDRESS',
        message: `This is not a TRON address. Paste ${expected}.`,
      };
    }
    address = text;
  }

  const hex = decodeTronAddress(address);
  if (hex.ok && hex.hex === ZERO_HEX) {
    return {
      ok: false,
      code: 'ZERO_ADDRESS',
      message: `This is TRON's zero address: nobody owns it and anything sent there is lost. Paste ${expected}.`,
    };
  }
  const token = hex.ok ? tokenAt(hex.hex) : undefined;
  if (token) {
    return {
      ok: false,
      code: 'TOKEN_CONTRACT',
      message: `That is the ${token.symbol} contract on ${tronNetworkName(token.chain)}, not a wallet. Paste ${expected}.`,
    };
  }
  return { ok: true, address, canonicalized };
}
