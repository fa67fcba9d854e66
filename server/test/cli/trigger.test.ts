import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { runCli } from '../../src/surfaces/cli/runCli.js';
import type { CliRuntime } from '../../src/surfaces/cli/runtime/CliRuntime.js';
import { clientFor } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// `cairn trigger <event>` (docs/operating/cli.md, trigger): against a running test gateway, over its
// HTTP API with a test key, each event is produced for real and printed with the payment and its
// checkout URL; live keys and unknown events are refused before any call.

/** trigger boots nothing itself: it only calls the gateway's API. */
const untouchable: CliRuntime = {
  startGateway: () => Promise.reject(new Error('startGateway called')),
  bootOperatorGateway: () => Promise.reject(new Error('bootOperatorGateway called')),
  migrateDatabase: () => Promise.reject(new Error('migrateDatabase called')),
};

let test: TestGateway;
let log: MockInstance<typeof console.log>;
let error: MockInstance<typeof console.error>;
const printed = (spy: MockInstance<(...args: unknown[]) => void>) =>
  spy.mock.calls.map((call) => call.join(' ')).join('\n');

beforeAll(async () => {
  test = await startTestGateway();
});
afterAll(async () => {
  await test?.stop();
});
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const trigger = (event: string, ...extra: string[]) =>
  runCli(['trigger', event, '--api-key', test.apiKey, '--base-url', test.baseUrl, ...extra], untouchable);

/** The printed lines as [kind, ...fields]. */
const lines = () =>
  printed(log)
    .split('\n')
    .map((line) => line.split(/\s+/));

describe('cairn trigger', () => {
  it.each([
    ['payment.awaiting', 'awaiting_payment', ['payment.awaiting']],
    ['payment.cancelled', 'cancelled', ['payment.cancelled']],
    ['payment.expired', 'expired', ['payment.expired']],
  ])('%s: prints the payment (%s), its checkout URL and its events', async (event, status, events) => {
    expect(await trigger(event), printed(error)).toBe(0);
    const [payment, checkout, ...rest] = lines();
    expect(payment).toEqual(['payment', expect.any(String), status]);
    const id = payment![1]!;
    expect(checkout).toEqual(['checkout', expect.stringMatching(new RegExp(`/checkout/${id}$`))]);
    expect(rest.map((l) => l[0])).toEqual(events.map(() => 'event'));
    expect(rest.map((l) => l[1])).toEqual(events);
    expect(rest.map((l) => l[2])).toEqual(rest.map(() => expect.stringMatching(/^evt_/)));
    // The gateway holds the same payment and events.
    const api = clientFor(test.baseUrl, test.apiKey);
    expect((await api.get(`/payments/${id}`)).body.data.status).toBe(status);
    const listed = await api.get(`/events?payment_id=${id}`);
    expect(listed.body.data.map((e: { id: string }) => e.id).reverse()).toEqual(rest.map((l) => l[2]));
  });

  it('payment.awaiting picks the option given with --token', async () => {
    expect(await trigger('payment.awaiting', '--token', 'BTC_TESTNET:BTC'), printed(error)).toBe(0);
    const id = lines()[0]![1]!;
    const checkout = await clientFor(test.baseUrl, test.apiKey).get(`/checkout/${id}`);
    expect(checkout.body.data.selected).toMatchObject({ chain_id: 'BTC_TESTNET', coin_symbol: 'BTC' });
  });

  it('refuses a live key with a clear message before any call (exit 2)', async () => {
    const code = await runCli(
      ['trigger', 'payment.expired', '--api-key', test.liveKey, '--base-url', test.baseUrl],
      untouchable,
    );
    expect(code).toBe(2);
    expect(printed(error)).toMatch(/test mode only: pass a pk_test_ key, never a pk_live_ one/);
    expect(log).not.toHaveBeenCalled();
  });

  it('an unknown event lists the known ones (exit 2)', async () => {
    expect(await trigger('payment.teleported')).toBe(2);
    expect(printed(error)).toContain(
      'Unknown event "payment.teleported". Known events: payment.awaiting, payment.detected, payment.confirming, ' +
        'payment.confirmed, payment.underpaid, payment.overpaid, payment.cancelled, payment.expired, ' +
        'payment.refund_requested, payment.refunded, invoice.paid.',
    );
  });

  it("the API's refusal is one line on stderr (exit 1): a wrong key", async () => {
    const code = await runCli(
      ['trigger', 'payment.expired', '--api-key', `pk_test_${'x'.repeat(43)}`, '--base-url', test.baseUrl],
      untouchable,
    );
    expect(code).toBe(1);
    expect(printed(error)).toMatch(/POST \/api\/v1\/payments: 401 UNAUTHORIZED/);
  });

  it('a paying event with no dev chain recorded in the data directory says so (exit 1), creating nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cairn-trigger-'));
    vi.stubEnv('CAIRN_DATA_DIR', dataDir);
    try {
      const before = (await clientFor(test.baseUrl, test.apiKey).get('/payments?limit=100')).body.data.length;
      expect(await trigger('payment.confirmed')).toBe(1);
      expect(printed(error)).toContain(
        `payment.confirmed pays on the local dev chain, and ${dataDir} (CAIRN_DATA_DIR) records none`,
      );
      expect((await clientFor(test.baseUrl, test.apiKey).get('/payments?limit=100')).body.data.length).toBe(
        before,
      );
    } finally {
      vi.unstubAllEnvs();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('no gateway at the base URL is one line on stderr (exit 1)', async () => {
    const code = await runCli(
      ['trigger', 'payment.expired', '--api-key', test.apiKey, '--base-url', 'http://127.0.0.1:9'],
      untouchable,
    );
    expect(code).toBe(1);
    expect(printed(error)).toMatch(/^No gateway answers at http:\/\/127\.0\.0\.1:9/);
  });
});
