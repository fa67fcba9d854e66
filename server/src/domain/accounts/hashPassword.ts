import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) stored for a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), OPTIONS);
}

/** Whether the password matches the stored hash (false for a malformed hash). */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the time of one verification against a throw-away hash, so that signing in as an unknown
 * email takes as long as with a wrong password (no account enumeration by timing).
 */
export async function verifyNothing(password: string): Promise<void> {
  dummy ??= hashPassword('not a password of anyone');
  await verifyPassword(await dummy, password);
}

/**
 * The password hashing the account services use, injected through their context (tests count its
 * calls: the same work whatever the address, and how many passwords a throttled burst gets checked).
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  /** One verification's work against a throw-away hash, where there is no password to check. */
  verifyNothing(password: string): Promise<void>;
}

/** argon2id, as above. */
export const argon2Hasher: PasswordHasher = {
  hash: hashPassword,
  verify: verifyPassword,
  verifyNothing,
};
