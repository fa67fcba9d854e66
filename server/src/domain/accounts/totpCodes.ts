import { Secret, TOTP } from 'otpauth';

/** The codes authenticator apps show: RFC 6238 with SHA-1, 6 digits, a new one every 30 seconds. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

const totpFor = (secretBase32: string, label = 'Cairn') =>
  new TOTP({
    issuer: 'Cairn',
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI an app scans from the QR code. */
export const totpUri = (secretBase32: string, email: string): string =>
  totpFor(secretBase32, email).toString();

/** The code an app shows at `now` (for tests and the test clock). */
export const totpCodeAt = (secretBase32: string, now: Date): string =>
  totpFor(secretBase32).generate({ timestamp: now.getTime() });

/** Whether text looks like an authenticator code (six digits; spaces ignored). */
export const looksLikeTotpCode = (text: string): boolean => /^\d{6}$/.test(text.replace(/\s/g, ''));

/**
 * The time step a code belongs to, when it is the code of the step at `now` or of one step either
 * side (a clock a little off, a code typed as it changed); undefined when it is no valid code.
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): bigint | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpFor(secretBase32).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return BigInt(Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta);
}
