import type { AuthContext } from './AuthContext.js';

/**
 * The last database answer per key hash, in this process, for create-payment's single statement
 * (see `authenticateFromCache`). An entry is never trusted on its own: whatever uses it must re-check
 * the key in the statement that acts on it. Bounded: the oldest entry goes first.
 */
export class KeyCache {
  private readonly entries = new Map<string, AuthContext>();

  constructor(private readonly limit = 10_000) {}

  get(hash: string): AuthContext | undefined {
    return this.entries.get(hash);
  }

  /** Remembers (or refreshes) what the database said about a key. */
  set(hash: string, auth: AuthContext): void {
    this.entries.delete(hash);
    this.entries.set(hash, auth);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Forgets a key the database no longer accepts. */
  delete(hash: string): void {
    this.entries.delete(hash);
  }
}
