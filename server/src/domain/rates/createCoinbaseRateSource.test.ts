import { afterEach, describe, expect, it } from 'vitest';
import { createCoinbaseRateSource } from './createCoinbaseRateSource.js';
import { RateSourceError } from './RateSourceError.js';
import { type StubAnswer, type StubServer, startStubServer } from './testing/startStubServer.js';

const NOW = new Date('2026-11-21T10:00:00Z');
const clock = () => NOW;
const signal = () => AbortSignal.timeout(5000);

/** The shape Coinbase's spot endpoint answers with. */
const spot = (base: string, currency: string, amount: string) => ({ data: { amount, base, currency } });

describe('CoinbaseRateSource', () => {
  let server: StubServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function sourceAnswering(answer: (path: string) => StubAnswer) {
    server = await startStubServer(answer);
    return createCoinbaseRateSource({ baseUrl: `${server.url}/`, clock });
  }

  it('reads the spot price from /v2/prices/{COIN}-{FIAT}/spot', async () => {
    const source = await sourceAnswering(() => ({ body: spot('BTC', 'EUR', '64250.12') }));
    await expect(source.fetchRate('BTC', 'EUR', signal())).resolves.toEqual({
      rate: '64250.12',
      source: 'coinbase',
      fetchedAt: NOW,
    });
    expect(server?.requests).toEqual(['/v2/prices/BTC-EUR/spot']);
  });

  it('upper-cases the pair and normalises trailing zeros', async () => {
    const source = await sourceAnswering(() => ({ body: spot('ETH', 'USD', '3012.500') }));
    await expect(source.fetchRate('eth', 'usd', signal())).resolves.toMatchObject({ rate: '3012.5' });
    expect(server?.requests).toEqual(['/v2/prices/ETH-USD/spot']);
  });

  it('prices a stablecoin from its own pair, not at par', async () => {
    const source = await sourceAnswering(() => ({ body: spot('USDC', 'EUR', '0.9213') }));
    await expect(source.fetchRate('USDC', 'EUR', signal())).resolves.toMatchObject({ rate: '0.9213' });
  });

  it('resolves undefined for a pair Coinbase does not list (404)', async () => {
    const source = await sourceAnswering(() => ({
      status: 404,
      body: { errors: [{ id: 'not_found', message: 'Not found' }] },
    }));
    await expect(source.fetchRate('XMR', 'EUR', signal())).resolves.toBeUndefined();
  });

  it('resolves undefined for 400 "Invalid currency"', async () => {
    const source = await sourceAnswering(() => ({
      status: 400,
      body: { errors: [{ id: 'invalid_request', message: 'Invalid currency (XMR)' }] },
    }));
    await expect(source.fetchRate('XMR', 'EUR', signal())).resolves.toBeUndefined();
  });

  it('resolves undefined without a request for symbols that cannot be a pair', async () => {
    const source = await sourceAnswering(() => ({ body: spot('BTC', 'EUR', '1') }));
    await expect(source.fetchRate('BTC/../x', 'EUR', signal())).resolves.toBeUndefined();
    await expect(source.fetchRate('BTC', 'EURO', signal())).resolves.toBeUndefined();
    expect(server?.requests).toEqual([]);
  });

  it.each<[string, StubAnswer, RateSourceError['code']]>([
    ['HTTP 500', { status: 500, body: { errors: [{ id: 'internal_server_error' }] } }, 'RATE_SOURCE_HTTP'],
    ['HTTP 429', { status: 429, body: { errors: [{ id: 'rate_limit_exceeded' }] } }, 'RATE_SOURCE_HTTP'],
    ['a body that is not JSON', { body: '<html>502 Bad Gateway</html>' }, 'RATE_SOURCE_MALFORMED'],
    ['a truncated body', { body: '{"data":{"amount":"642' }, 'RATE_SOURCE_MALFORMED'],
    ['no data object', { body: { amount: '64250.12' } }, 'RATE_SOURCE_MALFORMED'],
    [
      'a JSON number amount',
      { body: { data: { amount: 64250.12, base: 'BTC', currency: 'EUR' } } },
      'RATE_SOURCE_MALFORMED',
    ],
    ['a zero amount', { body: spot('BTC', 'EUR', '0') }, 'RATE_SOURCE_MALFORMED'],
    ['an exponent amount', { body: spot('BTC', 'EUR', '6.4e4') }, 'RATE_SOURCE_MALFORMED'],
    ['another pair', { body: spot('BTC', 'USD', '70000') }, 'RATE_SOURCE_MALFORMED'],
  ])('rejects %s', async (_, answer, code) => {
    const source = await sourceAnswering(() => answer);
    const error = await source.fetchRate('BTC', 'EUR', signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateSourceError);
    expect((error as RateSourceError).code).toBe(code);
  });

  it('stops when its signal aborts', async () => {
    const source = await sourceAnswering(() => ({ body: spot('BTC', 'EUR', '1'), delayMs: 2000 }));
    const started = performance.now();
    await expect(source.fetchRate('BTC', 'EUR', AbortSignal.timeout(50))).rejects.toBeInstanceOf(
      RateSourceError,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rejects when nothing listens', async () => {
    const dead = await startStubServer(() => ({}));
    const url = dead.url;
    await dead.close();
    const source = createCoinbaseRateSource({ baseUrl: url, clock });
    await expect(source.fetchRate('BTC', 'EUR', signal())).rejects.toMatchObject({
      code: 'RATE_SOURCE_HTTP',
    });
  });
});
