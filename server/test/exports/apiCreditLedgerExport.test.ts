import { randomUUID } from 'node:crypto';
import { CREDIT_LEDGER_EXPORT_COLUMNS, type Mode } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreditLedgerLine, listCreditLedger } from '../../src/domain/credit/listCreditLedger.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { call, sql } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { csvRows, jsonLines } from './exportTestHelpers.js';

// GET /api/v1/credit/ledger/export against real PostgreSQL: ledger entries of both modes written
// straight in SQL (the grants the business starts with, top-ups, fees, adjustments), exported as CSV
// and JSON Lines, read back with csv-parse and compared with every page of the ledger as the credit
// page lists it (listCreditLedger).

const NOW = new Date('2026-11-20T12:00:00Z');
const COUNT = 450;
const KINDS = ['top_up', 'fee', 'fee_reversal', 'adjustment'] as const;

let gw: TestGateway;

/** A signed exact amount of entry `i`: fees negative, with sub-cent digits. */
const amountOf = (i: number) =>
  KINDS[i % 4] === 'fee' ? `-0.${String(1000 + i).padStart(6, '0')}` : `${i}.25`;

beforeAll(async () => {
  gw = await startTestGateway({ clock: new ManualClock(NOW) });
  for (const [mode, count] of [
    ['test', COUNT],
    ['live', 7],
  ] as const) {
    for (let i = 0; i < count; i++) {
      // Pairs share a time, so (created_at, id) orders them.
      const at = new Date(NOW.getTime() - 86_400_000 + Math.floor(i / 2) * 60_000);
      await sql(
        gw,
        `insert into credit_ledger (id, business_id, mode, kind, amount_usd, created_at) values (?, ?, ?, ?, ?, ?)`,
        [randomUUID(), gw.businessId, mode, KINDS[i % 4], amountOf(i), at],
      );
    }
  }
}, 180_000);

afterAll(async () => {
  await gw?.stop();
});

/** Every entry of the ledger as the credit page lists it, page by page. */
async function ledgerOf(mode: Mode): Promise<CreditLedgerLine[]> {
  const em = gw.running.gateway.orm.em.fork();
  const all: CreditLedgerLine[] = [];
  let before: string | undefined;
  do {
    const page = await listCreditLedger(em, {
      businessId: gw.businessId,
      mode,
      limit: 200,
      ...(before ? { before } : {}),
    });
    all.push(...page.entries);
    before = page.next ?? undefined;
  } while (before);
  return all;
}

const expected = (line: CreditLedgerLine, mode: Mode) => ({
  id: line.id,
  created_at: line.createdAt.toISOString().replace('.000Z', 'Z'),
  kind: line.kind,
  mode,
  amount_usd: line.amountUsd,
  currency: 'USD',
  payment_id: line.paymentId,
});

const get = (key: string, path: string) => call(gw.baseUrl, key, 'GET', path);

describe('GET /api/v1/credit/ledger/export', () => {
  it('exports CSV that a CSV parser reads back as the ledger lists it, exact signed amounts', async () => {
    const ledger = await ledgerOf('test');
    // The fixture's entries and the business's grant.
    expect(ledger).toHaveLength(COUNT + 1);
    const response = await get(gw.apiKey, '/credit/ledger/export');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="credit-ledger-test-2026-11-20.csv"',
    );
    expect(response.text.slice(0, response.text.indexOf('\r\n'))).toBe(
      CREDIT_LEDGER_EXPORT_COLUMNS.join(','),
    );
    const rows = csvRows(response.text);
    // A fee such as -0.001001 starts with '-': the CSV-injection rule prefixes it with '.
    expect(rows).toEqual(
      ledger.map((line) => {
        const row = expected(line, 'test');
        return {
          ...row,
          amount_usd: row.amount_usd.startsWith('-') ? `'${row.amount_usd}` : row.amount_usd,
          payment_id: '',
        };
      }),
    );
    expect(rows.find((row) => row.kind === 'fee')?.amount_usd).toMatch(/^'-0\.\d{6}$/);
  }, 60_000);

  it('exports the same entries as JSON Lines, amounts as they are', async () => {
    const ledger = await ledgerOf('test');
    const response = await get(gw.apiKey, '/credit/ledger/export?format=jsonl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(jsonLines(response.text)).toEqual(ledger.map((line) => expected(line, 'test')));
  }, 60_000);

  it('is scoped to the key’s mode: a live key exports the live ledger only', async () => {
    const live = jsonLines((await get(gw.liveKey, '/credit/ledger/export?format=jsonl')).text);
    expect(live).toEqual((await ledgerOf('live')).map((line) => expected(line, 'live')));
    expect(live).toHaveLength(8);
    const test = jsonLines((await get(gw.apiKey, '/credit/ledger/export?format=jsonl')).text);
    expect(test.some((row) => row.mode !== 'test' || live.some((l) => l.id === row.id))).toBe(false);
  });

  it('applies the creation range, and an empty export still has its header', async () => {
    const range = 'created_gte=2026-11-19T12:10:00Z&created_lt=2026-11-19T12:20:00Z';
    const rows = jsonLines((await get(gw.apiKey, `/credit/ledger/export?format=jsonl&${range}`)).text);
    const ledger = await ledgerOf('test');
    const inRange = ledger.filter(
      (line) =>
        line.createdAt >= new Date('2026-11-19T12:10:00Z') &&
        line.createdAt < new Date('2026-11-19T12:20:00Z'),
    );
    expect(inRange).toHaveLength(20);
    expect(rows.map((row) => row.id)).toEqual(inRange.map((line) => line.id));
    const empty = await get(gw.apiKey, '/credit/ledger/export?created_gte=2030-01-01T00:00:00Z');
    expect(empty.status).toBe(200);
    expect(empty.text).toBe(`${CREDIT_LEDGER_EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it('refuses an unknown format, a malformed time or an unknown parameter', async () => {
    for (const query of ['format=pdf', 'created_gte=yesterday', 'limit=10']) {
      const response = await get(gw.apiKey, `/credit/ledger/export?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.error.code, query).toBe('VALIDATION_ERROR');
    }
  });
});
