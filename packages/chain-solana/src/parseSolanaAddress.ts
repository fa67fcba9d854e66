import { type Address, getBase58Decoder, getBase58Encoder, isOffCurveAddress } from '@solana/kit';
import type { SolanaAdapterErrorCode } from './SolanaAdapterError.js';

/** What a pasted Solana key text is, after {@link parseSolanaAddress}. */
export type ParsedSolanaAddress =
  | {
      readonly ok: true;
      /** The canonical base58 address (32 bytes). */
      readonly address: Address;
      /** `wallet`: on the ed25519 curve (a keypair's public key); `off-curve`: a PDA (token account, program-owned). */
      readonly curve: 'wallet' | 'off-curve';
    }
  | { readonly ok: false; readonly code: SolanaAdapterErrorCode; readonly message: string };

/** Never give a secret: the sentence every secret-key and seed refusal ends with. */
export const NEVER_GIVE_SECRET =
  'Cairn needs only your public wallet address (the one you share to receive payments) and must ' +
  'never be given a private key or recovery phrase: anyone who sees it can spend your funds. If you ' +
  'pasted it somewhere, move the funds to a new wallet.';

const EXPECTED = 'a Solana address is 32 to 44 base58 characters (1-9, A-Z and a-z without 0, O, I and l)';

/** 12 to 24 lower-case words: a BIP39 recovery phrase (Phantom, Solflare and solana-keygen use 12 or 24). */
function looksLikeSeed(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length >= 12 && words.length <= 24 && words.every((word) => /^\p{Ll}+$/u.test(word));
}

/** `[n, n, ...]` with bytes only: solana-keygen's keypair file format (64 numbers). */
function parseByteArray(text: string): number[] | undefined {
  if (!/^\[[\d\s,]*\]$/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return undefined;
    if (!value.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 255)) {
      return undefined;
    }
    return value as number[];
  } catch {
    return undefined;
  }
}

/**
 * Reads what someone pasted as a Solana address: base58 of exactly 32 bytes, in canonical form, and
 * whether the point is on the ed25519 curve (a wallet's public key) or off it (a program-derived
 * address such as an associated token account). Recognises secrets pasted by mistake: a 64-byte
 * base58 string (Phantom's and Solflare's "export private key") or a JSON byte array (solana-keygen's
 * keypair file) gives `SECRET_KEY_GIVEN`, a recovery phrase `SEED_GIVEN`. Pure, no I/O.
 */
export function parseSolanaAddress(input: string): ParsedSolanaAddress {
  const text = input.trim();
  const fail = (code: SolanaAdapterErrorCode, message: string): ParsedSolanaAddress => ({
    ok: false,
    code,
    message,
  });
  if (text === '') return fail('INVALID_ADDRESS', `Enter a Solana address: ${EXPECTED}.`);
  if (looksLikeSeed(text)) {
    return fail('SEED_GIVEN', `This looks like a recovery phrase (seed). ${NEVER_GIVE_SECRET}`);
  }
  const bytes = parseByteArray(text);
  if (bytes !== undefined) {
    return bytes.length === 64 || bytes.length === 32
      ? fail(
          'SECRET_KEY_GIVEN',
          `This is a list of ${bytes.length} key bytes, the format of a keypair file (id.json). ${NEVER_GIVE_SECRET}`,
        )
      : fail('INVALID_ADDRESS', `This is a list of numbers, not an address: ${EXPECTED}.`);
  }
  if (/^(0x)?[0-9a-fA-F]{128}$/.test(text)) {
    return fail('SECRET_KEY_GIVEN', `This is a 64-byte key in hexadecimal. ${NEVER_GIVE_SECRET}`);
  }
  let decoded: Uint8Array;
  try {
    decoded = new Uint8Array(getBase58Encoder().encode(text));
  } catch {
    const bad = [...text].find((c) => !/[1-9A-HJ-NP-Za-km-z]/.test(c));
    return fail(
      'INVALID_ADDRESS',
      `This is not a Solana address${bad === undefined ? '' : ` (it contains "${bad}")`}: ${EXPECTED}.`,
    );
  }
  if (decoded.length === 64) {
    return fail(
      'SECRET_KEY_GIVEN',
      `This is a 64-byte private key (what wallets show under "export private key"). ${NEVER_GIVE_SECRET}`,
    );
  }
  if (decoded.length !== 32) {
    return fail(
      'INVALID_ADDRESS',
      `This decodes to ${decoded.length} bytes, not the 32 of a Solana address: check for a missing or extra character.`,
    );
  }
  const canonical = getBase58Decoder().decode(decoded);
  if (canonical !== text) {
    return fail('INVALID_ADDRESS', `This is not a canonical Solana address: ${EXPECTED}.`);
  }
  const address = canonical as Address;
  return { ok: true, address, curve: isOffCurveAddress(address) ? 'off-curve' : 'wallet' };
}
