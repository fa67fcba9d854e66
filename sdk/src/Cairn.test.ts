import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cairn } from './Cairn.js';
import { CairnError } from './errors/CairnError.js';
import { BROWSER_WARNING } from './warnIfBrowser.js';

const API_KEY = 'pk_test_51H8xTopSecretKeyValue';

describe('Cairn', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('defaults baseUrl to the gateway default and strips trailing slashes', () => {
    expect(new Cairn({ apiKey: API_KEY }).baseUrl).toBe('http://localhost:3000');
    expect(new Cairn({ apiKey: API_KEY, baseUrl: 'https://pay.example.com/gw//' }).baseUrl).toBe(
      'https://pay.example.com/gw',
    );
  });

  it.each([
    [{ baseUrl: 'pay.example.com' }, /baseUrl/],
    [{ baseUrl: 'ftp://pay.example.com' }, /baseUrl/],
    [{ timeoutMs: 0 }, /timeoutMs/],
    [{ timeoutMs: Number.NaN }, /timeoutMs/],
    [{ maxRetries: -1 }, /maxRetries/],
    [{ maxRetries: 1.5 }, /maxRetries/],
  ])('refuses invalid options %o', (options, message) => {
    expect(() => new Cairn({ apiKey: API_KEY, ...options })).toThrow(message);
  });

  it('never shows the API key in toString, JSON, inspect or errors', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const cairn = new Cairn({ apiKey: API_KEY, fetch, maxRetries: 0 });
    expect(String(cairn)).toBe("Cairn { mode: 'test', baseUrl: 'http://localhost:3000' }");
    expect(JSON.stringify(cairn)).toBe('{"mode":"test","baseUrl":"http://localhost:3000"}');
    for (const text of [
      String(cairn),
      JSON.stringify(cairn),
      inspect(cairn, { depth: 10, showHidden: true }),
    ]) {
      expect(text).not.toContain('TopSecret');
    }
    const error = await cairn.payments.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CairnError);
    expect(inspect(error, { depth: 10 })).not.toContain('TopSecret');
    expect(JSON.stringify(error)).not.toContain('TopSecret');
  });

  it('sends requests through an injected fetch with the contract’s method and path', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ data: [], has_more: false, next_starting_after: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const cairn = new Cairn({ apiKey: API_KEY, baseUrl: 'https://pay.example.com', fetch });
    const page = await cairn.payments.list({
      limit: 5,
      status: ['confirmed', 'underpaid'],
      created_gte: new Date('2026-01-01T00:00:00Z'),
    });
    expect(page).toEqual({ data: [], has_more: false, next_starting_after: null });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(
      'https://pay.example.com/api/v1/payments?limit=5&status=confirmed%2Cunderpaid&created_gte=2026-01-01T00%3A00%3A00.000Z',
    );
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('encodes path parameters and refuses empty ids', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 404 }));
    const cairn = new Cairn({ apiKey: API_KEY, fetch, maxRetries: 0 });
    await expect(cairn.payments.retrieve('a/b?c')).rejects.toMatchObject({ status: 404 });
    expect(fetch.mock.calls[0]![0]).toBe('http://localhost:3000/api/v1/payments/a%2Fb%3Fc');
    await expect(cairn.payments.retrieve('')).rejects.toThrow(TypeError);
  });

  describe('in a browser', () => {
    it('warns once that keys must stay server-side, and still works', () => {
      vi.stubGlobal('window', {});
      vi.stubGlobal('document', {});
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const cairn = new Cairn({ apiKey: API_KEY });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(BROWSER_WARNING);
      expect(String(warn.mock.calls[0]![0])).not.toContain('TopSecret');
      expect(cairn.mode).toBe('test');
    });

    it('stays quiet with dangerouslyAllowBrowser', () => {
      vi.stubGlobal('window', {});
      vi.stubGlobal('document', {});
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      new Cairn({ apiKey: API_KEY, dangerouslyAllowBrowser: true });
      expect(warn).not.toHaveBeenCalled();
    });

    it('does not warn in Node, workers or Deno (no document)', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      new Cairn({ apiKey: API_KEY });
      vi.stubGlobal('window', {});
      new Cairn({ apiKey: API_KEY });
      expect(warn).not.toHaveBeenCalled();
    });
  });
});
