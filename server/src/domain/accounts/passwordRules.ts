/** The shortest password a dashboard login accepts (characters). */
export const MIN_PASSWORD_LENGTH = 12;
/**
 * The longest (characters). Hashing cost grows with the input, so an unbounded password is a cheap
 * way to load the server; 256 is far beyond any passphrase or password manager's output.
 */
export const MAX_PASSWORD_LENGTH = 256;

/** Why a new password is refused, or undefined when it is acceptable. Lengths count characters. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password.trim() === '') return 'A password cannot be only spaces.';
  return undefined;
}

/** The longest email address accepted (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The address as stored: trimmed, or undefined when it is not one address. A deliberately plain
 * check (one `@`, a dot in the domain, no spaces or angle brackets); the verification mail proves it.
 */
export function normalizeEmail(input: string): string | undefined {
  const email = input.trim();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return undefined;
  if (!/^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:".]+$/.test(email)) return undefined;
  return email;
}
