import { createHash, randomBytes } from 'node:crypto';
import type { Mode } from '@cairn/contract';

/** `pk_test_` or `pk_live_` followed by 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^pk_(test|live)_[A-Za-z0-9_-]{32,128}$/;

/** A new API key: the prefix of its mode and 32 random bytes. Shown once, never stored. */
export function generateApiKey(mode: Mode): string {
  return `pk_${mode}_${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a key: hex SHA-256. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What the dashboard may show of a key: its prefix and last four characters. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** The mode a well-formed key belongs to, or undefined for a malformed one. */
export function modeOfApiKey(key: string): Mode | undefined {
  const match = API_KEY_PATTERN.exec(key);
  return match ? (match[1] as Mode) : undefined;
}
