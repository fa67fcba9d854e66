import { describe, expect, it } from 'vitest';
import { modeOfApiKey } from './apiKey.js';
import { Cairn } from './Cairn.js';

describe('API key checks', () => {
  it.each([
    ['pk_test_51H8xExample', 'test'],
    ['pk_live_51H8xExample', 'live'],
  ] as const)('accepts %s as %s mode', (key, mode) => {
    expect(modeOfApiKey(key)).toBe(mode);
    expect(new Cairn({ apiKey: key }).mode).toBe(mode);
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['not a string', 42],
    ['a secret-key prefix', 'sk_live_51H8xSecretValue'],
    ['upper case', 'PK_TEST_51H8xSecretValue'],
    ['only the prefix', 'pk_test_'],
    ['a trailing newline', 'pk_test_51H8xSecretValue\n'],
    ['a space inside', 'pk_live_51H8x SecretValue'],
    ['a leading space', ' pk_test_51H8xSecretValue'],
  ])('refuses a key that is %s, without echoing it', (_label, key) => {
    const construct = () => new Cairn({ apiKey: key as string });
    expect(construct).toThrow(TypeError);
    expect(construct).toThrow(/apiKey/);
    try {
      construct();
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('SecretValue');
    }
  });

  it('explains what a key must look like', () => {
    expect(() => new Cairn({ apiKey: 'sk_test_x' })).toThrow(/pk_test_.*pk_live_/);
    expect(() => new Cairn({ apiKey: 'pk_test_x y' })).toThrow(/whitespace/);
  });
});
