import { describe, expect, it } from 'vitest';
import { quoteUint64Fields } from './HorizonClient.js';

describe('quoteUint64Fields', () => {
  it('keeps the digits of a muxed ID printed as a JSON number, even above 2^53', () => {
    const text = '{"to_muxed_id": 18446744073709551615, "destination_muxed_id":7,"x":{"from_muxed_id" : 0}}';
    expect(JSON.parse(quoteUint64Fields(text))).toEqual({
      to_muxed_id: '18446744073709551615',
      destination_muxed_id: '7',
      x: { from_muxed_id: '0' },
    });
  });

  it('leaves strings, other members and a member name inside a string alone', () => {
    const text = '{"to_muxed_id":"42","amount":12,"memo":"\\"to_muxed_id\\": 5"}';
    expect(quoteUint64Fields(text)).toBe(text);
    expect(JSON.parse(quoteUint64Fields(text))).toEqual({
      to_muxed_id: '42',
      amount: 12,
      memo: '"to_muxed_id": 5',
    });
  });
});
