/**
 * Where a receiver remembers which event ids it has processed. Implement it on shared storage in
 * production; {@link MemoryIdStore} is for tests, examples and single-process receivers.
 *
 * `claim` must be atomic ("first caller wins"), so that two concurrent deliveries of one id cannot
 * both be processed. Keep ids at least 48 hours (deliveries are retried for about 35 hours).
 *
 * @example
 * ```ts
 * import type { IdStore } from '@cairn/webhook-verifier';
 *
 * // Redis (node-redis v4): SET NX with a 48 h expiry is atomic.
 * declare const redis: {
 *   set(key: string, value: string, options: { NX: true; EX: number }): Promise<string | null>;
 *   del(key: string): Promise<number>;
 * };
 * const redisIdStore: IdStore = {
 *   claim: async (id) => (await redis.set(`cairn:evt:${id}`, '1', { NX: true, EX: 172_800 })) === 'OK',
 *   release: async (id) => void (await redis.del(`cairn:evt:${id}`)),
 * };
 *
 * // PostgreSQL: a primary key makes the insert the claim.
 * //   CREATE TABLE cairn_webhook_events (id text PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now());
 * //   claim:   INSERT INTO cairn_webhook_events (id) VALUES ($1) ON CONFLICT DO NOTHING  -> claimed if rowCount = 1
 * //   release: DELETE FROM cairn_webhook_events WHERE id = $1
 * //   cleanup: DELETE FROM cairn_webhook_events WHERE received_at < now() - interval '48 hours'
 * ```
 */
export interface IdStore {
  /**
   * Atomically records `id` if it is not yet recorded.
   * @returns `true` if this call recorded it (process the event), `false` if it was already there (duplicate).
   */
  claim(id: string): boolean | Promise<boolean>;
  /**
   * Forgets `id` again; called by `deduplicate` when the handler throws, so that Cairn's retry of the
   * same delivery is processed instead of being skipped as a duplicate. Optional but recommended.
   */
  release?(id: string): void | Promise<void>;
}
