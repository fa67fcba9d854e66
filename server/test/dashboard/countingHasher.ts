import { argon2Hasher, type PasswordHasher } from '../../src/domain/accounts/hashPassword.js';

/** The argon2id hasher, counting its calls per method (each is one argon2 computation). */
export function countingHasher(): PasswordHasher & { readonly calls: Record<keyof PasswordHasher, number> } {
  const calls = { hash: 0, verify: 0, verifyNothing: 0 };
  return {
    calls,
    hash: (password) => {
      calls.hash += 1;
      return argon2Hasher.hash(password);
    },
    verify: (stored, password) => {
      calls.verify += 1;
      return argon2Hasher.verify(stored, password);
    },
    verifyNothing: (password) => {
      calls.verifyNothing += 1;
      return argon2Hasher.verifyNothing(password);
    },
  };
}
