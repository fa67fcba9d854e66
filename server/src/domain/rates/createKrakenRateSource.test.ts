import { afterEach, describe, expect, it } from 'vitest';
import { createKrakenRateSource } from './createKrakenRateSource.js';
import { RateSourceError } from './RateSourceError.js';
import { type StubAnswer, type StubServer, startStubServer } from './testing/startStubServer.js';

const NOW = new Date('2026-11-21T10:00:00Z');
const clock = () => NOW;
const signal = () => AbortSignal.timeout(5000);

/** The shape Kraken's public Ticker answers with (fields trimmed to a realistic subset). */
const ticker = (resultName: string, last: string) => ({
  error: [],
  result: {
    [resultName]: {
      a: ['64250.20000', '1', '1.000'],
      b: ['64250.10000', '2', '2.000'],
      c: [last, '0.01000000'],
      v: ['1234.5', '2345.6'],
      p: ['64100.1', '64000.2'],
      t: [12345, 23456],
      l: ['63000.0', '62000.0'],
      h: ['65000.0', '66000.0'],
      o: '64000.0',
    },
  },
});

describe('KrakenRateSource', () => {
  let server: StubServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function sourceAnswering(answer: (path: string) => StubAnswer) {
    server = await startStubServer(answer);
    return createKrakenRateSource({ baseUrl: server.url, clock });
  }

  it('asks for XBTEUR and reads the last trade price of the single result entry', async () => {
    const source = await sourceAnswering(() => ({ body: ticker('XXBTZEUR', '64250.10000') }));
    await expect(source.fetchRate('BTC', 'EUR', signal())).resolves.toEqual({
      rate: '64250.1',
      source: 'kraken',
      fetchedAt: NOW,
    });
    expect(server?.requests).toEqual(['/0/public/Ticker?pair=XBTEUR']);
  });

  it('maps DOGE to XDG', async () => {
    const source = await sourceAnswering(() => ({ body: ticker('XDGUSD', '0.1523400') }));
    await expect(source.fetchRate('DOGE', 'USD', signal())).resolves.toMatchObject({ rate: '0.15234' });
    expect(server?.requests).toEqual(['/0/public/Ticker?pair=XDGUSD']);
  });

  it('passes other symbols through and accepts extra spellings', async () => {
    server = await startStubServer(() => ({ body: ticker('XETHZUSD', '3000.01') }));
    const source = createKrakenRateSource({ baseUrl: server.url, clock, symbols: { POL: 'MATIC' } });
    await source.fetchRate('ETH', 'USD', signal());
    await source.fetchRate('POL', 'USD', signal());
    expect(server.requests).toEqual(['/0/public/Ticker?pair=ETHUSD', '/0/public/Ticker?pair=MATICUSD']);
  });

  it('prices a stablecoin from its own pair, not at par', async () => {
    const source = await sourceAnswering(() => ({ body: ticker('USDCEUR', '0.92130') }));
    await expect(source.fetchRate('USDC', 'EUR', signal())).resolves.toMatchObject({ rate: '0.9213' });
  });

  it('resolves undefined for an unknown asset pair', async () => {
    const source = await sourceAnswering(() => ({ body: { error: ['EQuery:Unknown asset pair'] } }));
    await expect(source.fetchRate('BNB', 'EUR', signal())).resolves.toBeUndefined();
  });

  it('resolves undefined for an empty result', async () => {
    const source = await sourceAnswering(() => ({ body: { error: [], result: {} } }));
    await expect(source.fetchRate('BNB', 'EUR', signal())).resolves.toBeUndefined();
  });

  it.each<[string, StubAnswer, RateSourceError['code']]>([
    ['a Kraken service error', { body: { error: ['EService:Unavailable'] } }, 'RATE_SOURCE_REJECTED'],
    ['a Kraken rate limit', { body: { error: ['EAPI:Rate limit exceeded'] } }, 'RATE_SOURCE_REJECTED'],
    ['HTTP 500 with an HTML body', { status: 500, body: '<html>oops</html>' }, 'RATE_SOURCE_MALFORMED'],
    ['HTTP 503 with a JSON body', { status: 503, body: { error: [], result: {} } }, 'RATE_SOURCE_HTTP'],
    ['a body that is not JSON', { body: 'not json' }, 'RATE_SOURCE_MALFORMED'],
    ['a JSON array', { body: [] }, 'RATE_SOURCE_MALFORMED'],
    ['no result', { body: { error: [] } }, 'RATE_SOURCE_MALFORMED'],
    [
      'no c field',
      { body: { error: [], result: { XXBTZEUR: { a: ['1', '1', '1'] } } } },
      'RATE_SOURCE_MALFORMED',
    ],
    [
      'a number price',
      { body: { error: [], result: { XXBTZEUR: { c: [64250.1, '1'] } } } },
      'RATE_SOURCE_MALFORMED',
    ],
    [
      'two result entries',
      { body: { error: [], result: { A: { c: ['1', '1'] }, B: { c: ['2', '1'] } } } },
      'RATE_SOURCE_MALFORMED',
    ],
  ])('rejects %s', async (_, answer, code) => {
    const source = await sourceAnswering(() => answer);
    const error = await source.fetchRate('BTC', 'EUR', signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateSourceError);
    expect((error as RateSourceError).code).toBe(code);
  });

  it('stops when its signal aborts', async () => {
    const source = await sourceAnswering(() => ({ body: ticker('XXBTZEUR', '1'), delayMs: 2000 }));
    await expect(source.fetchRate('BTC', 'EUR', AbortSignal.timeout(50))).rejects.toBeInstanceOf(
      RateSourceError,
    );
  });
});
