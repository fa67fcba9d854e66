import { describe, expect, it } from 'vitest';
import { MemoryIdStore } from './memoryIdStore.js';

const HOUR = 60 * 60 * 1000;

describe('MemoryIdStore', () => {
  it('lets only the first claim of an id win', () => {
    const store = new MemoryIdStore();
    expect(store.claim('evt_1')).toBe(true);
    expect(store.claim('evt_1')).toBe(false);
    expect(store.claim('evt_2')).toBe(true);
  });

  it('remembers ids for 48 hours by default, then evicts them', () => {
    let now = Date.parse('2025-01-01T00:00:00Z');
    const store = new MemoryIdStore({ now: () => now });
    store.claim('evt_1');
    now += 48 * HOUR - 1;
    expect(store.claim('evt_1')).toBe(false);
    store.claim('evt_2');
    now += 1;
    expect(store.claim('evt_1')).toBe(true);
    expect([...store.ids.keys()]).toEqual(['evt_2', 'evt_1']);
    now += 48 * HOUR;
    store.claim('evt_3');
    expect([...store.ids.keys()]).toEqual(['evt_3']);
  });

  it('honours a custom retention and a clock returning Dates', () => {
    let now = new Date('2025-01-01T00:00:00Z');
    const store = new MemoryIdStore({ retentionSeconds: 60, now: () => now });
    store.claim('evt_1');
    now = new Date(+now + 59_999);
    expect(store.claim('evt_1')).toBe(false);
    now = new Date(+now + 1);
    expect(store.claim('evt_1')).toBe(true);
  });

  it('forgets a released id', () => {
    const store = new MemoryIdStore();
    store.claim('evt_1');
    store.release('evt_1');
    expect(store.claim('evt_1')).toBe(true);
  });
});
