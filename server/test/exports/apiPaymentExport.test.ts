import { randomUUID } from 'node:crypto';
import { PAYMENT_EXPORT_COLUMNS, type Payment } from '@cairn/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { call } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { asCsvCells, expectedRecord, insertExportFixture } from './paymentExportFixture.js';

// GET /api/v1/payments/export against real PostgreSQL: 10,000 test-mode payments (and a few live
// ones) written straight in SQL, exported as CSV and JSON Lines, read back with csv-parse and
// compared with every page of the API's list for the same filter.

const COUNT = 10_000;
const NOW = new Date('2026-11-20T12:00:00Z');
const FORMULAS = ['=HYPERLINK("https://evil.example","x")', '+1+2', '-2+3', '@SUM(A1:A2)', '\tTab', '＝1+1'];

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ clock: new ManualClock(NOW) });
  const gateway = gw.running.gateway;
  const base = { businessId: gw.businessId, apiKeyId: gw.apiKeyId };
  await insertExportFixture(gateway, { ...base, mode: 'test', count: COUNT, newest: NOW, prefix: 'ord-' });
  const liveKeyId = (
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>(`select id from api_keys where business_id = ? and mode = 'live'`, [
        gw.businessId,
      ])
  )[0]!.id;
  await insertExportFixture(gateway, {
    ...base,
    apiKeyId: liveKeyId,
    mode: 'live',
    count: 30,
    newest: NOW,
    prefix: 'LIVE-',
  });
  // Descriptions a spreadsheet would run as formulas, newest of all.
  for (const [index, description] of FORMULAS.entries()) {
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
           underpayment_tolerance_bps, overpayment_threshold_bps, expires_at, late_grace_ends_at, order_id,
           description, created_at, updated_at)
         values (?, ?, ?, 'test', 'pending', '10.00', 'EUR', 50, 100, ?, ?, ?, ?, ?, ?)`,
        [randomUUID(), gw.businessId, gw.apiKeyId, NOW, NOW, `formula-${index}`, description, NOW, NOW],
      );
  }
}, 180_000);

afterAll(async () => {
  await gw?.stop();
});

/** Every payment the API's list gives for `query`, page by page (100 a page). */
async function listAll(key: string, query: string): Promise<Payment[]> {
  const all: Payment[] = [];
  let after: string | null = null;
  do {
    const cursor: string = after ? `&starting_after=${after}` : '';
    const page = await call(
      gw.baseUrl,
      key,
      'GET',
      `/payments?limit=100${query ? `&${query}` : ''}${cursor}`,
    );
    expect(page.status).toBe(200);
    all.push(...(page.body.data as Payment[]));
    after = page.body.next_starting_after;
  } while (after);
  return all;
}

const exportOf = (key: string, query: string) => call(gw.baseUrl, key, 'GET', `/payments/export?${query}`);

const csvRows = (text: string) =>
  parse(text, { columns: true, bom: false, relax_quotes: false }) as Record<string, string>[];

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, string | null>);

describe('GET /api/v1/payments/export', () => {
  let listed: Payment[];

  beforeAll(async () => {
    listed = await listAll(gw.apiKey, '');
  }, 180_000);

  it('exports 10,000 payments as CSV that a CSV parser reads back as the API lists them', async () => {
    expect(listed).toHaveLength(COUNT + FORMULAS.length);
    const response = await exportOf(gw.apiKey, 'format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="payments-test-2026-11-20.csv"',
    );
    // RFC 4180: a header row, CRLF line ends.
    expect(response.text.slice(0, response.text.indexOf('\r\n'))).toBe(PAYMENT_EXPORT_COLUMNS.join(','));
    expect(response.text.endsWith('\r\n')).toBe(true);
    const rows = csvRows(response.text);
    expect(rows).toEqual(listed.map((payment) => asCsvCells(expectedRecord(payment))));
    // The amounts are exact decimals with their coin, never floats.
    const btc = rows.find((row) => row.coin === 'BTC' && row.amount_received !== '0');
    expect(btc?.crypto_amount).toMatch(/^\d+\.\d+$/);
    expect(btc?.chain).toBe('BTC_TESTNET');
  }, 120_000);

  it('exports the same payments as JSON Lines, one object per line, text as it is', async () => {
    const response = await exportOf(gw.apiKey, 'format=jsonl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="payments-test-2026-11-20.jsonl"',
    );
    expect(jsonLines(response.text)).toEqual(listed.map(expectedRecord));
  }, 120_000);

  it('neutralises cells a spreadsheet would run as formulas (CSV only)', async () => {
    const csv = csvRows((await exportOf(gw.apiKey, 'order_id=formula-0')).text);
    expect(csv.map((row) => row.description)).toEqual([`'${FORMULAS[0]}`]);
    const all = csvRows((await exportOf(gw.apiKey, 'status=pending&created_gte=2026-11-20T12:00:00Z')).text);
    expect(all.map((row) => row.description).sort()).toEqual(FORMULAS.map((f) => `'${f}`).sort());
    const jsonl = jsonLines((await exportOf(gw.apiKey, 'format=jsonl&order_id=formula-0')).text);
    expect(jsonl.map((row) => row.description)).toEqual([FORMULAS[0]]);
  });

  it('applies the list filters as the list does', async () => {
    const query =
      'status=confirmed,underpaid&created_gte=2026-11-20T10:00:00Z&created_lt=2026-11-20T11:30:00Z';
    const expected = await listAll(gw.apiKey, query);
    expect(expected.length).toBeGreaterThan(100);
    const rows = csvRows((await exportOf(gw.apiKey, query)).text);
    expect(rows).toEqual(expected.map((payment) => asCsvCells(expectedRecord(payment))));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['confirmed', 'underpaid']));
    const one = csvRows((await exportOf(gw.apiKey, 'order_id=ord-77')).text);
    expect(one.map((row) => row.order_id)).toEqual(['ord-77']);
  }, 120_000);

  it('never mixes modes: the key’s mode decides', async () => {
    const live = jsonLines((await exportOf(gw.liveKey, 'format=jsonl')).text);
    expect(live).toHaveLength(30);
    expect(live.every((row) => row.mode === 'live' && row.order_id?.startsWith('LIVE-'))).toBe(true);
    const liveResponse = await exportOf(gw.liveKey, 'order_id=LIVE-1');
    expect(liveResponse.headers.get('content-disposition')).toContain('payments-live-');
    const test = (await exportOf(gw.apiKey, 'order_id=LIVE-1')).text;
    expect(test).toBe(`${PAYMENT_EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it('refuses what the list refuses, a page size or cursor, and an unknown format', async () => {
    for (const query of ['format=xml', 'limit=10', `starting_after=${randomUUID()}`, 'status=paid']) {
      const response = await exportOf(gw.apiKey, query);
      expect(response.status, query).toBe(422);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(gw.baseUrl, undefined, 'GET', '/payments/export')).status).toBe(401);
  });

  it('stops the query when the client goes away, and hands the connection back', async () => {
    // More aborted exports than the ORM pool has connections: a connection kept would starve the pool.
    for (let round = 0; round < 15; round++) {
      const controller = new AbortController();
      const response = await fetch(`${gw.baseUrl}/api/v1/payments/export`, {
        headers: { authorization: `Bearer ${gw.apiKey}` },
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
    const connection = gw.running.gateway.orm.em.fork().getConnection();
    await expect
      .poll(
        async () =>
          (
            await connection.execute<{ n: string }[]>(
              `select count(*)::text as n from pg_stat_activity
                where datname = current_database() and query like '%from payments p%order by p.created_at desc%'
                  and pid <> pg_backend_pid() and state <> 'idle'`,
            )
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBe('0');
    const after = await exportOf(gw.apiKey, 'order_id=ord-1');
    expect(csvRows(after.text).map((row) => row.order_id)).toEqual(['ord-1']);
  }, 60_000);
});
