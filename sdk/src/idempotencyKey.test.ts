import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateIdempotencyKey } from './idempotencyKey.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('generateIdempotencyKey', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses crypto.randomUUID when present', () => {
    const key = generateIdempotencyKey();
    expect(key).toMatch(UUID_V4);
    expect(generateIdempotencyKey()).not.toBe(key);
  });

  it('falls back to crypto.getRandomValues', () => {
    const getRandomValues = vi.fn(<T extends Uint8Array>(bytes: T) => bytes.fill(0xff));
    vi.stubGlobal('crypto', { getRandomValues });
    expect(generateIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(getRandomValues).toHaveBeenCalledOnce();
  });

  it('falls back to Math.random without Web Crypto (unique, not secret)', () => {
    vi.stubGlobal('crypto', undefined);
    const keys = new Set(Array.from({ length: 1000 }, generateIdempotencyKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
