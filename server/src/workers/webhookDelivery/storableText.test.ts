import { describe, expect, it } from 'vitest';
import { storableText } from './storableText.js';

describe('storableText', () => {
  it('keeps ordinary text, including characters outside the BMP', () => {
    expect(storableText('ok — 😀 ünïcode')).toBe('ok — 😀 ünïcode');
  });

  it('replaces NUL and lone surrogates with U+FFFD', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
    expect(storableText('😀'.slice(0, 1))).toBe('\uFFFD');
    expect(storableText(`x${'😀'.slice(1)}y`)).toBe('x\uFFFDy');
  });

  it('leaves none of the escapes PostgreSQL json refuses once JSON.stringify has run', () => {
    const cut = `${'eee😀'.slice(0, 4)}\u0000`;
    expect(JSON.stringify(cut)).toBe('"eee\\ud83d\\u0000"');
    expect(JSON.stringify(storableText(cut))).toBe('"eee\uFFFD\uFFFD"');
  });
});
