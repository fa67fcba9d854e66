import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoinbaseRateSource } from './createCoinbaseRateSource.js';
import { createFixedRateSource } from './createFixedRateSource.js';
import { createKrakenRateSource } from './createKrakenRateSource.js';
import { createRateProvider, type RateProviderOptions } from './createRateProvider.js';
import type { RateLogger, RateQuote, RateSource } from './RateSource.js';
import { type StubAnswer, type StubServer, startStubServer } from './testing/startStubServer.js';

const T0 = new Date('2026-11-21T10:00:00Z').getTime();

/** A clock the test moves by hand. */
function manualClock() {
  let now = T0;
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Collects warnings. */
function memoryLogger() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const logger: RateLogger = {
    warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
  };
  return { logger, warnings };
}

const coinbaseSpot = (path: string, amounts: Record<string, string>): StubAnswer => {
  const match = /^\/v2\/prices\/([A-Z0-9]+)-([A-Z]+)\/spot$/.exec(path);
  const amount = match ? amounts[`${match[1]}/${match[2]}`] : undefined;
  if (match === null || amount === undefined) {
    return { status: 400, body: { errors: [{ id: 'invalid_request', message: 'Invalid currency' }] } };
  }
  return { body: { data: { amount, base: match[1], currency: match[2] } } };
};

const krakenTicker = (path: string, prices: Record<string, string>): StubAnswer => {
  const pair = new URL(path, 'http://x').searchParams.get('pair') ?? '';
  const price = prices[pair];
  if (price === undefined) return { body: { error: ['EQuery:Unknown asset pair'] } };
  return { body: { error: [], result: { [`X${pair}`]: { c: [price, '0.1'] } } } };
};

describe('createRateProvider', () => {
  const servers: StubServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function stub(answer: (path: string) => StubAnswer) {
    const server = await startStubServer(answer);
    servers.push(server);
    return server;
  }

  function provider(sources: RateSource[], options: Partial<RateProviderOptions> = {}) {
    const time = manualClock();
    const { logger, warnings } = memoryLogger();
    const rates = createRateProvider({ sources, timeoutMs: 300, clock: time.clock, logger, ...options });
    return { rates, time, warnings };
  }

  it('prices from Coinbase over real HTTP', async () => {
    const cb = await stub((p) => coinbaseSpot(p, { 'BTC/EUR': '64250.12' }));
    const { rates } = provider([createCoinbaseRateSource({ baseUrl: cb.url })]);
    await expect(rates.getRate('BTC', 'EUR')).resolves.toMatchObject({
      rate: '64250.12',
      source: 'coinbase',
    });
  });

  it('prices from Kraken over real HTTP', async () => {
    const kr = await stub((p) => krakenTicker(p, { XBTEUR: '64250.10000' }));
    const { rates } = provider([createKrakenRateSource({ baseUrl: kr.url })]);
    await expect(rates.getRate('btc', 'eur')).resolves.toMatchObject({ rate: '64250.1', source: 'kraken' });
  });

  it('prices bridged USDC.e at the USDC rate: sources are asked for USDC, never USDCE', async () => {
    const asked: string[] = [];
    const cb = await stub((p) => {
      asked.push(p);
      return coinbaseSpot(p, { 'USDC/EUR': '0.9213' });
    });
    const { rates } = provider([createCoinbaseRateSource({ baseUrl: cb.url })]);
    await expect(rates.getRate('USDCE', 'EUR')).resolves.toMatchObject({
      rate: '0.9213',
      source: 'coinbase',
    });
    expect(asked).toEqual(['/v2/prices/USDC-EUR/spot']);
  });

  it('falls back to the next source when one times out', async () => {
    const cb = await stub(() => ({
      body: { data: { amount: '1', base: 'BTC', currency: 'EUR' } },
      delayMs: 3000,
    }));
    const kr = await stub((p) => krakenTicker(p, { XBTEUR: '64250.1' }));
    const { rates, warnings } = provider([
      createCoinbaseRateSource({ baseUrl: cb.url }),
      createKrakenRateSource({ baseUrl: kr.url }),
    ]);
    const started = performance.now();
    await expect(rates.getRate('BTC', 'EUR')).resolves.toMatchObject({ rate: '64250.1', source: 'kraken' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(warnings).toEqual([
      expect.objectContaining({
        msg: 'exchange-rate source failed',
        obj: expect.objectContaining({
          source: 'coinbase',
          pair: 'BTC/EUR',
          err: expect.objectContaining({ code: 'RATE_SOURCE_TIMEOUT' }),
        }),
      }),
    ]);
  });

  it.each<[string, StubAnswer]>([
    ['a malformed body', { body: '{"data":' }],
    ['HTTP 500', { status: 500, body: 'Internal Server Error' }],
    ['a wrong-shaped body', { body: { data: { price: '1' } } }],
  ])('falls back to the next source on %s', async (_, answer) => {
    const cb = await stub(() => answer);
    const kr = await stub((p) => krakenTicker(p, { XBTEUR: '64250.1' }));
    const { rates, warnings } = provider([
      createCoinbaseRateSource({ baseUrl: cb.url }),
      createKrakenRateSource({ baseUrl: kr.url }),
    ]);
    await expect(rates.getRate('BTC', 'EUR')).resolves.toMatchObject({ source: 'kraken' });
    expect(cb.requests).toHaveLength(1);
    expect(warnings.map((w) => w.obj.source)).toEqual(['coinbase']);
  });

  it('prices a pair only the second source lists, without warning', async () => {
    const cb = await stub((p) => coinbaseSpot(p, { 'BTC/EUR': '64250.12' }));
    const kr = await stub((p) => krakenTicker(p, { XMREUR: '150.5' }));
    const { rates, warnings } = provider([
      createCoinbaseRateSource({ baseUrl: cb.url }),
      createKrakenRateSource({ baseUrl: kr.url }),
    ]);
    const quotes = await rates.getRates([
      { coin: 'BTC', fiat: 'EUR' },
      { coin: 'XMR', fiat: 'EUR' },
    ]);
    expect(quotes.get('BTC/EUR')).toMatchObject({ rate: '64250.12', source: 'coinbase' });
    expect(quotes.get('XMR/EUR')).toMatchObject({ rate: '150.5', source: 'kraken' });
    expect(kr.requests).toEqual(['/0/public/Ticker?pair=XMREUR']);
    expect(warnings).toEqual([]);
  });

  it('falls through live sources to the fixed table', async () => {
    const cb = await stub(() => ({ status: 503, body: '' }));
    const { rates } = provider([
      createCoinbaseRateSource({ baseUrl: cb.url }),
      createFixedRateSource({ rates: { 'BTC/EUR': '60000' } }),
    ]);
    await expect(rates.getRate('BTC', 'EUR')).resolves.toMatchObject({ rate: '60000', source: 'fixed' });
  });

  it('serves a cached quote within the TTL without a second request, and refetches after it', async () => {
    const cb = await stub((p) => coinbaseSpot(p, { 'BTC/EUR': '64250.12' }));
    const { rates, time } = provider([createCoinbaseRateSource({ baseUrl: cb.url })], { cacheTtlMs: 30_000 });
    const first = await rates.getRate('BTC', 'EUR');
    time.advance(29_999);
    expect(await rates.getRate('BTC', 'EUR')).toBe(first);
    expect(await rates.getRates([{ coin: 'btc', fiat: 'eur' }])).toEqual(new Map([['BTC/EUR', first]]));
    expect(cb.requests).toHaveLength(1);
    time.advance(1);
    await rates.getRate('BTC', 'EUR');
    expect(cb.requests).toHaveLength(2);
  });

  it('serves a stale quote within maxStaleness when every source fails, and refuses it beyond', async () => {
    let healthy = true;
    const cb = await stub((p) => (healthy ? coinbaseSpot(p, { 'BTC/EUR': '64250.12' }) : { status: 500 }));
    const kr = await stub(() => ({ body: 'garbage' }));
    const { rates, time, warnings } = provider(
      [createCoinbaseRateSource({ baseUrl: cb.url }), createKrakenRateSource({ baseUrl: kr.url })],
      { cacheTtlMs: 30_000, maxStalenessMs: 120_000 },
    );
    const first = await rates.getRate('BTC', 'EUR');
    expect(first).toMatchObject({ rate: '64250.12' });
    healthy = false;

    time.advance(60_000);
    expect(await rates.getRate('BTC', 'EUR')).toBe(first);
    expect(warnings.at(-1)).toMatchObject({
      msg: 'all exchange-rate sources failed; serving a stale rate',
      obj: { pair: 'BTC/EUR', ageMs: 60_000 },
    });

    time.advance(60_000); // exactly maxStaleness old: still served
    expect(await rates.getRate('BTC', 'EUR')).toBe(first);

    time.advance(1); // older than maxStaleness: never served
    expect(await rates.getRate('BTC', 'EUR')).toBeUndefined();
    expect(await rates.getRates([{ coin: 'BTC', fiat: 'EUR' }])).toEqual(new Map());
    expect(warnings.at(-1)?.msg).toBe('no exchange rate available');
  });

  it('tells a pair every source does not list (definitive, remembered for the TTL) from one it could not price now', async () => {
    const cb = await stub((p) => coinbaseSpot(p, { 'BTC/EUR': '64250.12' }));
    const kr = await stub((p) => krakenTicker(p, { XBTEUR: '64250.1' }));
    const { rates, time, warnings } = provider(
      [
        createCoinbaseRateSource({ baseUrl: cb.url }),
        createKrakenRateSource({ baseUrl: kr.url }),
        createFixedRateSource(),
      ],
      { cacheTtlMs: 30_000 },
    );
    const answers = await rates.getRateAnswers([
      { coin: 'BTC', fiat: 'JPY' },
      { coin: 'BTC', fiat: 'EUR' },
    ]);
    expect(answers.get('BTC/JPY')).toEqual({ unlisted: true });
    expect(answers.get('BTC/EUR')).toMatchObject({ unlisted: false, quote: { rate: '64250.12' } });
    expect(await rates.getRate('BTC', 'JPY')).toBeUndefined();
    expect(warnings.map((w) => w.msg)).toEqual(['no source lists this pair']);
    // Remembered: no source is asked again within the TTL, and asked again after it.
    expect(cb.requests.filter((r) => r.includes('JPY'))).toHaveLength(1);
    expect(kr.requests.filter((r) => r.includes('JPY'))).toHaveLength(1);
    time.advance(30_000);
    expect((await rates.getRateAnswers([{ coin: 'btc', fiat: 'jpy' }])).get('BTC/JPY')).toEqual({
      unlisted: true,
    });
    expect(cb.requests.filter((r) => r.includes('JPY'))).toHaveLength(2);
  });

  it.each<[string, StubAnswer]>([
    ['fails', { status: 500, body: 'Internal Server Error' }],
    ['times out', { body: '{}', delayMs: 2000 }],
    ['answers a malformed body', { body: '{"data":' }],
    ['answers an invalid rate', { body: { data: { amount: '-1', base: 'BTC', currency: 'JPY' } } }],
  ])('a pair is not unlisted when one source %s and the others do not list it', async (_name, answer) => {
    const cb = await stub(() => answer);
    const kr = await stub((p) => krakenTicker(p, {}));
    const { rates } = provider([
      createCoinbaseRateSource({ baseUrl: cb.url }),
      createKrakenRateSource({ baseUrl: kr.url }),
    ]);
    expect((await rates.getRateAnswers([{ coin: 'BTC', fiat: 'JPY' }])).get('BTC/JPY')).toEqual({
      unlisted: false,
    });
  });

  it('a source that lists a pair again prices it once the unlisted answer is older than the TTL', async () => {
    let listed = false;
    const cb = await stub((p) => coinbaseSpot(p, listed ? { 'BTC/JPY': '9000000' } : {}));
    const { rates, time } = provider([createCoinbaseRateSource({ baseUrl: cb.url })], { cacheTtlMs: 1000 });
    expect((await rates.getRateAnswers([{ coin: 'BTC', fiat: 'JPY' }])).get('BTC/JPY')?.unlisted).toBe(true);
    listed = true;
    expect((await rates.getRateAnswers([{ coin: 'BTC', fiat: 'JPY' }])).get('BTC/JPY')?.unlisted).toBe(true);
    time.advance(1000);
    expect((await rates.getRateAnswers([{ coin: 'BTC', fiat: 'JPY' }])).get('BTC/JPY')).toMatchObject({
      unlisted: false,
      quote: { rate: '9000000' },
    });
  });

  it('shares one lookup between concurrent requests for the same pair', async () => {
    const cb = await stub((p) => ({
      ...coinbaseSpot(p, { 'BTC/EUR': '64250.12', 'ETH/EUR': '2750' }),
      delayMs: 100,
    }));
    const { rates } = provider([createCoinbaseRateSource({ baseUrl: cb.url })]);
    const answers = await Promise.all([
      rates.getRate('BTC', 'EUR'),
      rates.getRate('btc', 'EUR'),
      rates.getRates([
        { coin: 'BTC', fiat: 'EUR' },
        { coin: 'ETH', fiat: 'EUR' },
        { coin: 'BTC', fiat: 'eur' },
      ]),
    ]);
    expect(answers[0]).toBe(answers[1]);
    expect(answers[2].get('BTC/EUR')).toBe(answers[0]);
    expect([...answers[2].keys()].sort()).toEqual(['BTC/EUR', 'ETH/EUR']);
    expect(cb.requests.sort()).toEqual(['/v2/prices/BTC-EUR/spot', '/v2/prices/ETH-EUR/spot']);
  });

  it('looks pairs up concurrently, so a hanging source costs one timeout, not one per pair', async () => {
    const cb = await stub(() => ({ status: 200, body: '{}', delayMs: 5000 }));
    const kr = await stub((p) =>
      krakenTicker(p, { XBTEUR: '1', ETHEUR: '2', SOLEUR: '3', LTCEUR: '4', XRPEUR: '5' }),
    );
    const { rates } = provider(
      [createCoinbaseRateSource({ baseUrl: cb.url }), createKrakenRateSource({ baseUrl: kr.url })],
      { timeoutMs: 400 },
    );
    const started = performance.now();
    const quotes = await rates.getRates(
      ['BTC', 'ETH', 'SOL', 'LTC', 'XRP'].map((coin) => ({ coin, fiat: 'EUR' })),
    );
    const elapsed = performance.now() - started;
    expect(quotes.size).toBe(5);
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(1500); // one after another it would take 5 x 400 ms
  });

  it('does not let a slow pair delay a fast one', async () => {
    const cb = await stub((p) =>
      p.includes('BTC') ? { body: '{}', delayMs: 5000 } : coinbaseSpot(p, { 'ETH/EUR': '2750' }),
    );
    const { rates } = provider([createCoinbaseRateSource({ baseUrl: cb.url })], { timeoutMs: 2000 });
    const slow = rates.getRate('BTC', 'EUR');
    const started = performance.now();
    await expect(rates.getRate('ETH', 'EUR')).resolves.toMatchObject({ rate: '2750' });
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(slow).resolves.toBeUndefined();
  });

  it('times out a source that ignores its abort signal', async () => {
    const hanging: RateSource = { name: 'hanging', fetchRate: () => new Promise(() => {}) };
    const { rates, warnings } = provider([hanging, createFixedRateSource()], { timeoutMs: 50 });
    await expect(rates.getRate('BTC', 'USD')).resolves.toMatchObject({ source: 'fixed' });
    expect(warnings[0]?.obj.source).toBe('hanging');
  });

  it('never throws, whatever a source does', async () => {
    const throwsSync: RateSource = {
      name: 'sync',
      fetchRate: () => {
        throw new Error('boom');
      },
    };
    const rejects: RateSource = { name: 'async', fetchRate: async () => Promise.reject(new Error('bang')) };
    const invalid: RateSource = {
      name: 'invalid',
      fetchRate: async () => ({ rate: '-5', source: 'invalid', fetchedAt: new Date() }),
    };
    const numeric: RateSource = {
      name: 'numeric',
      fetchRate: async () => ({ rate: 5 as unknown as string, source: 'numeric', fetchedAt: new Date() }),
    };
    const { rates, warnings } = provider([throwsSync, rejects, invalid, numeric]);
    await expect(rates.getRate('BTC', 'USD')).resolves.toBeUndefined();
    await expect(rates.getRates([{ coin: 'BTC', fiat: 'USD' }])).resolves.toEqual(new Map());
    expect(warnings.slice(0, 4).map((w) => w.obj.source)).toEqual(['sync', 'async', 'invalid', 'numeric']);
  });

  it('normalises rates from custom sources', async () => {
    const custom: RateSource = {
      name: 'custom',
      fetchRate: async () => ({ rate: '100.500', source: 'custom', fetchedAt: new Date(T0) }),
    };
    const { rates } = provider([custom]);
    await expect(rates.getRate('BTC', 'USD')).resolves.toEqual({
      rate: '100.5',
      source: 'custom',
      fetchedAt: new Date(T0),
    });
  });

  it('asks the clock, not the system time, for cache age', async () => {
    let calls = 0;
    const counting: RateSource = {
      name: 'counting',
      fetchRate: async (): Promise<RateQuote> => {
        calls += 1;
        return { rate: '1', source: 'counting', fetchedAt: new Date(T0) };
      },
    };
    const { rates, time } = provider([counting], { cacheTtlMs: 1000 });
    await rates.getRate('USDC', 'USD');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await rates.getRate('USDC', 'USD');
    expect(calls).toBe(1);
    time.advance(1000);
    await rates.getRate('USDC', 'USD');
    expect(calls).toBe(2);
  });

  it('accepts a pino logger', () => {
    const logger: RateLogger = pino({ enabled: false });
    expect(() => createRateProvider({ sources: [], logger })).not.toThrow();
  });

  it.each([{ timeoutMs: -1 }, { cacheTtlMs: Number.NaN }, { maxStalenessMs: Number.POSITIVE_INFINITY }])(
    'rejects the option %j',
    (options) => {
      expect(() => createRateProvider({ sources: [], ...options })).toThrow(RangeError);
    },
  );
});
