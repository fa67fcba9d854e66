import { describe, expect, it } from 'vitest';
import { MalformedSignatureHeaderError, MissingSignatureHeaderError, NoV1SignatureError } from './errors.js';
import { parseSignatureHeader } from './parseSignatureHeader.js';

describe('parseSignatureHeader', () => {
  it('reads t and every v1 in order, skipping other schemes', () => {
    expect(parseSignatureHeader('t=1700000000,v0=00,v1=aa,v1=bb')).toEqual({
      timestamp: 1_700_000_000,
      signatures: ['aa', 'bb'],
    });
  });

  it('tolerates blanks around parts, empty parts and an array of header values', () => {
    expect(parseSignatureHeader(' t=5 , v1=aa ,, ')).toEqual({ timestamp: 5, signatures: ['aa'] });
    expect(parseSignatureHeader(['t=5', 'v1=aa, v1=bb'])).toEqual({ timestamp: 5, signatures: ['aa', 'bb'] });
  });

  it('keeps v1 values as sent (validation happens later)', () => {
    expect(parseSignatureHeader('t=5,v1=not-hex,v1=').signatures).toEqual(['not-hex', '']);
  });

  it.each([undefined, null, '', '   ', []])('throws MissingSignatureHeaderError for %j', (header) => {
    expect(() => parseSignatureHeader(header)).toThrow(MissingSignatureHeaderError);
  });

  it.each(['v1=aa', 't=,v1=aa', 't=1.5,v1=aa', 't=0x10,v1=aa', 't=1,t=2,v1=aa', 't=1,t=1,v1=aa', 'nonsense'])(
    'throws MalformedSignatureHeaderError for %j',
    (header) => {
      expect(() => parseSignatureHeader(header)).toThrow(MalformedSignatureHeaderError);
    },
  );

  it('throws NoV1SignatureError when only other schemes are present', () => {
    expect(() => parseSignatureHeader('t=1,v0=aa,v2=bb')).toThrow(NoV1SignatureError);
  });
});
