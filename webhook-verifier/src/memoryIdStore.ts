import type { IdStore } from './idStore.js';
import type { Clock } from './types.js';

/** Options of {@link MemoryIdStore}. */
export interface MemoryIdStoreOptions {
  /** How long an id is remembered, in seconds. Default 172 800 (48 hours, the recommended minimum). */
  retentionSeconds?: number;
  /** Clock; default `Date.now`. Inject one to test expiry. */
  now?: Clock;
}

/**
 * An in-process {@link IdStore}: a `Map` of id to expiry time; every claim first evicts expired ids.
 *
 * Ids live only as long as the process and are not shared between instances, so use it for tests,
 * examples and single-process receivers. In production, implement `IdStore` on Redis (`SET key 1 NX
 * EX 172800`) or on a database table with a unique constraint on the id.
 *
 * @example
 * ```ts
 * import { MemoryIdStore } from '@cairn/webhook-verifier';
 *
 * let now = Date.parse('2025-01-01T00:00:00Z');
 * const store = new MemoryIdStore({ now: () => now });
 * console.log(store.claim('evt_1'), store.claim('evt_1')); // true false
 * now += 48 * 60 * 60 * 1000;
 * console.log(store.claim('evt_1'), store.ids.size); // true 1: the first claim expired and was evicted
 * ```
 */
export class MemoryIdStore implements IdStore {
  /** Unexpired (as of the last claim) ids and their expiry times in ms, oldest first. */
  readonly ids = new Map<string, number>();

  /** @param options - Retention and clock. */
  constructor(readonly options: MemoryIdStoreOptions = {}) {}

  /**
   * Evicts expired ids, then records `id` unless it is still recorded.
   * @returns `true` when this call recorded it.
   */
  claim(id: string): boolean {
    const now = +(this.options.now ?? Date.now)();
    // Insertion order is expiry order (fixed retention), so stop at the first unexpired id.
    for (const [old, expiresAt] of this.ids) {
      if (expiresAt > now) break;
      this.ids.delete(old);
    }
    if (this.ids.has(id)) return false;
    this.ids.set(id, now + (this.options.retentionSeconds ?? 172_800) * 1000);
    return true;
  }

  /** Forgets `id`. */
  release(id: string): void {
    this.ids.delete(id);
  }
}
