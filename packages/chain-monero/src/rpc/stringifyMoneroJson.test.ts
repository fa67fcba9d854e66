import { describe, expect, it } from 'vitest';
import { stringifyMoneroJson } from './stringifyMoneroJson.js';

describe('stringifyMoneroJson', () => {
  it('writes bigints as bare integer literals and everything else as JSON.stringify does', () => {
    const body = {
      destinations: [{ address: '4abc', amount: 18446744073709551615n }],
      priority: 0,
      label: 'bigint-looking "1"',
      nested: { fee: -5n, list: [1n, 2] },
    };
    expect(stringifyMoneroJson(body)).toBe(
      '{"destinations":[{"address":"4abc","amount":18446744073709551615}],"priority":0,' +
        '"label":"bigint-looking \\"1\\"","nested":{"fee":-5,"list":[1,2]}}',
    );
  });
});
