import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../src/app/startGateway.js';
import { seedDevBusiness } from '../../src/chains/devChain/seedDevBusiness.js';
import { loadConfig } from '../../src/platform/config/loadConfig.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';

// A key sent in the query string (a common client mistake) must not reach the logs: the real app,
// its real logger, and the lines it writes to a destination stream.

let running: RunningGateway;
let dropDatabase: () => Promise<void>;
let apiKey: string;
const lines: string[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  running = await startGateway({
    config: loadConfig({ DATABASE_URL: database.url, CAIRN_LOG_LEVEL: 'info' }),
    log: pino({ level: 'info' }, destination),
    listen: false,
    workers: false,
    watchers: false,
  });
  apiKey = (await seedDevBusiness(running.gateway)).api_key;
});
afterAll(async () => {
  await running?.stop();
  await dropDatabase?.();
});

/** One pino line, as far as these tests look at it. */
interface LogEntry {
  readonly msg?: string;
  readonly req?: { readonly url?: string; readonly method?: string };
  readonly res?: { readonly statusCode?: number };
}

/** The log lines written while `send` runs, parsed. */
async function logOf(send: () => Promise<unknown>): Promise<{ text: string; entries: LogEntry[] }> {
  const from = lines.length;
  await send();
  const written = lines.slice(from);
  return { text: written.join('\n'), entries: written.map((line) => JSON.parse(line) as LogEntry) };
}

describe('request URLs in the logs', () => {
  it('an API key in the query string is redacted from the incoming request line; the rest of the URL stays', async () => {
    const url = `/api/v1/payments?limit=5&api_key=${apiKey}&status=pending`;
    const { text, entries } = await logOf(() => running.app.inject({ method: 'GET', url }));
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(apiKey.slice(8));
    const incoming = entries.find((e) => e.msg === 'incoming request');
    expect(incoming?.req?.url).toBe('/api/v1/payments?limit=5&api_key=[redacted]&status=pending');
    expect(incoming?.req?.method).toBe('GET');
  });

  it.each([
    ['apiKey', 'anything-secret-1'],
    ['API-KEY', 'anything-secret-2'],
    ['key', 'anything-secret-3'],
    ['token', 'anything-secret-4'],
    ['access_token', 'anything-secret-5'],
    ['Secret', 'anything-secret-6'],
    ['password', 'anything-secret-7'],
  ])('the value of ?%s= is redacted whatever it holds', async (name, value) => {
    const url = `/api/v1/payments?${name}=${value}&order_id=o-1`;
    const { text, entries } = await logOf(() => running.app.inject({ method: 'GET', url }));
    expect(text).not.toContain(value);
    const incoming = entries.find((e) => e.msg === 'incoming request');
    expect(incoming?.req?.url).toBe(`/api/v1/payments?${name}=[redacted]&order_id=o-1`);
  });

  it('a pk_test_, pk_live_ or whsec_ string anywhere in the URL is redacted (path, other values, encoded)', async () => {
    const live = `pk_live_${'L'.repeat(43)}`;
    const secret = `whsec_${'S'.repeat(43)}`;
    for (const url of [
      `/api/v1/payments/${apiKey}`,
      `/api/v1/payments?order_id=${live}`,
      `/api/v1/payments?q=${secret}`,
      `/api/v1/payments?order_id=${apiKey.replaceAll('_', '%5F')}`,
      `/nowhere/${apiKey}`,
    ]) {
      const { text, entries } = await logOf(() => running.app.inject({ method: 'GET', url }));
      for (const credential of [apiKey, live, secret, apiKey.slice(8), live.slice(8), secret.slice(6)]) {
        expect(text, url).not.toContain(credential);
      }
      expect(entries.find((e) => e.msg === 'incoming request')?.req?.url, url).toContain('[redacted]');
    }
  });

  it('the Authorization header is still never logged, and an ordinary URL is logged as is', async () => {
    const { text, entries } = await logOf(() =>
      running.app.inject({
        method: 'GET',
        url: '/api/v1/payments?limit=2&status=pending',
        headers: { authorization: `Bearer ${apiKey}` },
      }),
    );
    expect(text).not.toContain(apiKey);
    expect(entries.find((e) => e.msg === 'incoming request')?.req?.url).toBe(
      '/api/v1/payments?limit=2&status=pending',
    );
    expect(entries.find((e) => e.msg === 'request completed')?.res?.statusCode).toBe(200);
  });
});
