import { randomUUID } from 'node:crypto';
import type { Mode } from '@cairn/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createCoinbaseRateSource,
  createFixedRateSource,
  createKrakenRateSource,
  createRateProvider,
  type RateProvider,
  type RateSource,
} from '../../src/domain/rates/index.js';
import {
  type StubAnswer,
  type StubServer,
  startStubServer,
} from '../../src/domain/rates/testing/startStubServer.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { type Client, clientFor, expectError, validBody } from './apiHelpers.js';

// A currency that no configured rate source can ever price is a 4xx that says so (422
// CURRENCY_NOT_SUPPORTED), not a 503 RATE_UNAVAILABLE that tells the client to retry forever; a
// source that is down or too slow is still 503. The seed key offers BTC_TESTNET, LTC_TESTNET and
// LTC_REGTEST (coins BTC and LTC).

let test: TestGateway;
let client: Client;
let servers: StubServer[] = [];
let original: RateProvider;

beforeAll(async () => {
  test = await startTestGateway({ env: { CAIRN_RATE_SOURCES_LIVE: 'fixed' } });
  client = clientFor(test.baseUrl, test.apiKey);
  original = test.running.gateway.rates.test;
});
afterEach(async () => {
  useTestRates(original);
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});
afterAll(async () => {
  await test?.stop();
});

/** Gives the running gateway's test mode other rate sources (its wiring; the sources are real). */
function useTestRates(provider: RateProvider): void {
  (test.running.gateway.rates as Record<Mode, RateProvider>).test = provider;
}

function useSources(sources: RateSource[]): void {
  useTestRates(createRateProvider({ sources, timeoutMs: 300, cacheTtlMs: 0 }));
}

async function stub(answer: (path: string) => StubAnswer): Promise<StubServer> {
  const server = await startStubServer(answer);
  servers.push(server);
  return server;
}

/** Coinbase's spot endpoint: the given pairs, "Invalid currency" (unlisted) for the others. */
const coinbase = (listed: Record<string, string>) =>
  stub((path) => {
    const match = /^\/v2\/prices\/([A-Z0-9]+)-([A-Z]+)\/spot$/.exec(path);
    const amount = match ? listed[`${match[1]}/${match[2]}`] : undefined;
    if (!match || amount === undefined) {
      return { status: 400, body: { errors: [{ id: 'invalid_request', message: 'Invalid currency' }] } };
    }
    return { body: { data: { amount, base: match[1], currency: match[2] } } };
  });

/** Kraken's ticker: "Unknown asset pair" (unlisted) for every pair. */
const krakenListingNothing = () => stub(() => ({ body: { error: ['EQuery:Unknown asset pair'] } }));

/** Creates a payment in `currency` and checks that a refusal stored nothing. */
async function create(currency: string, amount = '1000') {
  const orderId = `currency-${randomUUID()}`;
  const response = await client.post(
    '/payments',
    validBody({ fiat_currency: currency, fiat_amount: amount, order_id: orderId }),
  );
  if (response.status !== 201) {
    expect((await client.get(`/payments?order_id=${orderId}`)).body.data).toEqual([]);
  }
  return response;
}

describe('the built-in demo rates (USD and EUR only)', () => {
  it.each(['JPY', 'BHD', 'ISK'])(
    '%s is 422 CURRENCY_NOT_SUPPORTED, naming the currency',
    async (currency) => {
      const response = await create(currency, '1000');
      expectError(response, 'CURRENCY_NOT_SUPPORTED');
      expect(response.body.error.message).toContain(`${currency} is not supported`);
      expect(response.headers.get('retry-after')).toBeNull();
    },
  );

  it('USD and EUR are priced', async () => {
    expect((await create('USD', '10.00')).status).toBe(201);
    expect((await create('EUR', '10.00')).status).toBe(201);
  });

  it('live mode with no rate configured: 422 too', async () => {
    const live = clientFor(test.baseUrl, test.liveKey);
    expectError(await live.post('/payments', validBody({ fiat_currency: 'EUR' })), 'CURRENCY_NOT_SUPPORTED');
  });
});

describe('market sources over HTTP', () => {
  it('every source answers that it does not list the currency: 422', async () => {
    const cb = await coinbase({ 'BTC/EUR': '55000' });
    const kr = await krakenListingNothing();
    useSources([createCoinbaseRateSource({ baseUrl: cb.url }), createKrakenRateSource({ baseUrl: kr.url })]);
    expectError(await create('JPY'), 'CURRENCY_NOT_SUPPORTED');
    // Both sources were asked for both coins (and for their USD rates, which price the fee).
    expect(cb.requests.filter((r) => r.includes('JPY')).sort()).toEqual([
      '/v2/prices/BTC-JPY/spot',
      '/v2/prices/LTC-JPY/spot',
    ]);
    expect(kr.requests.filter((r) => r.includes('JPY')).sort()).toEqual([
      '/0/public/Ticker?pair=LTCJPY',
      '/0/public/Ticker?pair=XBTJPY',
    ]);
  });

  it.each<[string, StubAnswer]>([
    ['an HTTP 500', { status: 500, body: 'Internal Server Error' }],
    ['a timeout', { body: { data: { amount: '1', base: 'BTC', currency: 'JPY' } }, delayMs: 2000 }],
    ['a malformed answer', { body: '{"data":' }],
  ])(
    'one source fails (%s) and the others do not list it: still 503 RATE_UNAVAILABLE',
    async (_name, answer) => {
      const cb = await stub(() => answer);
      const kr = await krakenListingNothing();
      useSources([
        createCoinbaseRateSource({ baseUrl: cb.url }),
        createKrakenRateSource({ baseUrl: kr.url }),
      ]);
      const response = await create('JPY');
      expectError(response, 'RATE_UNAVAILABLE');
    },
  );

  it('a source that fails for one option only: 503 (not every option was answered definitively)', async () => {
    const cb = await stub((path) =>
      path.includes('LTC-')
        ? { status: 502, body: 'Bad Gateway' }
        : { status: 400, body: { errors: [{ message: 'Invalid currency' }] } },
    );
    useSources([createCoinbaseRateSource({ baseUrl: cb.url }), createFixedRateSource()]);
    expectError(await create('JPY'), 'RATE_UNAVAILABLE');
  });

  it('a source that lists the currency prices the payment', async () => {
    const cb = await coinbase({ 'BTC/JPY': '9000000' });
    const kr = await krakenListingNothing();
    useSources([createCoinbaseRateSource({ baseUrl: cb.url }), createKrakenRateSource({ baseUrl: kr.url })]);
    const response = await create('JPY', '9000');
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.chain_options).toEqual([
      expect.objectContaining({ chain_id: 'BTC_TESTNET', coin_symbol: 'BTC', crypto_amount: '100000' }),
    ]);
  });
});
