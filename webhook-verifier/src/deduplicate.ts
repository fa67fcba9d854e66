import type { IdStore } from './idStore.js';

/** Outcome of {@link deduplicate}: either the handler ran (with its result) or the id was seen before. */
export type DeduplicateResult<TResult> = { duplicate: false; result: TResult } | { duplicate: true };

/**
 * Runs `handler` once per event id: claims `event.id` in `store` first and skips the handler when the
 * id was already claimed (a redelivery; answer 200 without reprocessing). If the handler throws, the
 * claim is released (when the store supports it) and the error rethrown, so answer 5xx and the
 * retried delivery will be processed.
 *
 * @example
 * ```ts
 * import { MemoryIdStore, deduplicate } from '@cairn/webhook-verifier';
 *
 * const store = new MemoryIdStore();
 * const event = { id: 'evt_1', event: 'payment.confirmed', created_at: '2025-01-01T00:00:00Z', data: {} };
 * const first = await deduplicate(event, store, (e) => `fulfilled ${e.id}`);
 * const second = await deduplicate(event, store, (e) => `fulfilled ${e.id}`);
 * console.log(first, second); // { duplicate: false, result: 'fulfilled evt_1' } { duplicate: true }
 * ```
 */
export async function deduplicate<TEvent extends { id: string }, TResult>(
  event: TEvent,
  store: IdStore,
  handler: (event: TEvent) => TResult | Promise<TResult>,
): Promise<DeduplicateResult<TResult>> {
  if (!(await store.claim(event.id))) return { duplicate: true };
  try {
    return { duplicate: false, result: await handler(event) };
  } catch (error) {
    await store.release?.(event.id);
    throw error;
  }
}
