import { describe, expect, it, vi } from 'vitest';
import { deduplicate } from './deduplicate.js';
import type { IdStore } from './idStore.js';
import { MemoryIdStore } from './memoryIdStore.js';

const event = { id: 'evt_1', event: 'payment.confirmed', created_at: '2025-01-01T00:00:00Z', data: {} };

describe('deduplicate', () => {
  it('runs the handler for the first delivery and reports later ones as duplicates', async () => {
    const store = new MemoryIdStore();
    const handler = vi.fn((e: typeof event) => `handled ${e.id}`);
    expect(await deduplicate(event, store, handler)).toEqual({ duplicate: false, result: 'handled evt_1' });
    expect(await deduplicate(event, store, handler)).toEqual({ duplicate: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('processes a delivery again after the 48 h retention', async () => {
    let now = 0;
    const store = new MemoryIdStore({ now: () => now });
    const handler = vi.fn();
    await deduplicate(event, store, handler);
    now += 48 * 60 * 60 * 1000;
    expect(await deduplicate(event, store, handler)).toEqual({ duplicate: false, result: undefined });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('lets exactly one of two concurrent deliveries through', async () => {
    const store = new MemoryIdStore();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handler = vi.fn(() => gate);
    const first = deduplicate(event, store, handler);
    const second = deduplicate(event, store, handler);
    release();
    const results = await Promise.all([first, second]);
    expect(results.filter((r) => r.duplicate)).toHaveLength(1);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('releases the claim when the handler throws, so the retry is processed', async () => {
    const store = new MemoryIdStore();
    await expect(
      deduplicate(event, store, () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await deduplicate(event, store, () => 'ok')).toEqual({ duplicate: false, result: 'ok' });
  });

  it('works with an async store without release', async () => {
    const seen = new Set<string>();
    const store: IdStore = {
      claim: async (id) => !seen.has(id) && !!seen.add(id),
    };
    expect(await deduplicate(event, store, async () => 1)).toEqual({ duplicate: false, result: 1 });
    expect(await deduplicate(event, store, async () => 2)).toEqual({ duplicate: true });
    await expect(
      deduplicate({ id: 'evt_2' }, store, () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
  });
});
