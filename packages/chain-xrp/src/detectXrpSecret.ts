import { isValidSecret } from 'xrpl';

/** What kind of secret a text looks like, if any. */
export type XrpSecretKind = 'seed' | 'secret-numbers' | 'recovery-phrase';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

/**
 * Tells whether a text a merchant or customer typed looks like an XRP Ledger SECRET rather than an
 * address: a family seed (`s…`, valid or mistyped: a mistyped secret is still one), Xaman's secret
 * numbers (8 rows of 6 digits) or a recovery phrase (12 to 24 lower-case words). Pure, no I/O; the
 * text is never logged or stored by the callers.
 *
 * @example
 * detectXrpSecret('sEdTM1uX8pu2do5XvTnutH6HsouMaM2'); // 'seed'
 */
export function detectXrpSecret(text: string): XrpSecretKind | undefined {
  const trimmed = text.trim();
  if (isValidSecret(trimmed) || new RegExp(`^s${BASE58}{24,34}$`).test(trimmed)) return 'seed';
  if (/^(?:\d{6}[\s,-]*){8}$/.test(trimmed)) return 'secret-numbers';
  const words = trimmed.split(/\s+/);
  if (words.length >= 12 && words.length <= 24 && words.every((word) => /^\p{Ll}+$/u.test(word))) {
    return 'recovery-phrase';
  }
  return undefined;
}

/** The message for a secret given where an address belongs. */
export function secretGivenMessage(kind: XrpSecretKind): string {
  const what =
    kind === 'seed'
      ? 'an XRP Ledger secret (family seed, starting with "s")'
      : kind === 'secret-numbers'
        ? 'secret numbers'
        : 'a recovery phrase';
  return (
    `This looks like ${what}, not an address. Never give your secret to anyone, Cairn included: ` +
    'whoever sees it can take your funds. If you pasted it somewhere, move the funds to a new account. ' +
    'Give your public address instead: it starts with "r".'
  );
}
