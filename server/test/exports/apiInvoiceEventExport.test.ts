import {
  EVENT_EXPORT_COLUMNS,
  INVOICE_EXPORT_COLUMNS,
  type Invoice,
  type InvoiceExportRecord,
  type WebhookEvent,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { call, clientFor, createPaymentVia } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { asCsvCells, csvRows, jsonLines, listAll } from './exportTestHelpers.js';

// GET /api/v1/invoices/export and /api/v1/events/export against real PostgreSQL: invoices and events
// made through the API (drafts, sent, overdue, void; invoice.sent and payment.cancelled events) in
// test mode and a few in live mode, exported as CSV and JSON Lines, read back with csv-parse and
// compared with every page of the API's list for the same filter.

const COUNT = 130;
const NOW = new Date('2026-11-20T12:00:00Z');
const FORMULAS = ['=HYPERLINK("https://evil.example","x")', '+1+2', '-2+3', '@SUM(A1:A2)'];

let gw: TestGateway;
let clock: ManualClock;

const invoiceBody = (index: number, extra: Record<string, unknown> = {}) => ({
  recipient_email: `buyer-${index % 7}@example.com`,
  recipient_name: index < FORMULAS.length ? FORMULAS[index] : `Buyer ${index}, "Ltd"`,
  fiat_currency: index % 2 === 0 ? 'USD' : 'EUR',
  line_items: [{ description: 'Design work', quantity: '3', unit_price: `${index + 1}.99` }],
  due_date: index % 3 === 0 ? '2026-11-10' : '2026-12-31',
  ...(index % 5 === 0 ? { memo: 'Line one\nline two, with a comma' } : {}),
  number: `INV-${String(index).padStart(4, '0')}`,
  ...extra,
});

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-11-01T09:00:00Z'));
  gw = await startTestGateway({ clock });
  const test = clientFor(gw.baseUrl, gw.apiKey);
  const live = clientFor(gw.baseUrl, gw.liveKey);
  for (let index = 0; index < COUNT; index++) {
    clock.advance(1000);
    const created = await test.post('/invoices', invoiceBody(index));
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as string;
    if (index % 3 === 0) expect((await test.post(`/invoices/${id}/send`)).status).toBe(200);
    if (index % 10 === 1) expect((await test.post(`/invoices/${id}/void`)).status).toBe(200);
  }
  for (let index = 0; index < 3; index++) {
    const created = await live.post('/invoices', invoiceBody(index, { number: `LIVE-${index}` }));
    expect(created.status, created.text).toBe(201);
    expect((await live.post(`/invoices/${created.body.data.id}/send`)).status).toBe(200);
  }
  // Payments cancelled by the merchant: payment.cancelled events beside the invoices' invoice.sent.
  for (let index = 0; index < 5; index++) {
    clock.advance(1000);
    const payment = await createPaymentVia(test);
    expect((await test.delete(`/payments/${payment.id}`)).status).toBe(200);
  }
  clock.set(NOW);
}, 300_000);

afterAll(async () => {
  await gw?.stop();
});

/** What the export writes for an invoice the API returns. */
function expectedInvoice(invoice: Invoice): InvoiceExportRecord {
  return {
    id: invoice.id,
    number: invoice.number,
    created_at: invoice.created_at,
    updated_at: invoice.updated_at,
    status: invoice.status,
    overdue: String(invoice.overdue),
    mode: invoice.mode,
    recipient_email: invoice.recipient_email,
    recipient_name: invoice.recipient_name,
    total: invoice.total,
    fiat_currency: invoice.fiat_currency,
    due_date: invoice.due_date,
    memo: invoice.memo,
    payment_id: invoice.payment_id,
    sent_at: invoice.sent_at,
    viewed_at: invoice.viewed_at,
    paid_at: invoice.paid_at,
    refunded_at: invoice.refunded_at,
    voided_at: invoice.voided_at,
    reminders_sent: String(invoice.reminders_sent),
    last_reminder_at: invoice.last_reminder_at,
  };
}

/** The payment or invoice an event's data is about (`payment.id` / `invoice.id`, or `*_id`). */
const about = (event: WebhookEvent, what: 'payment' | 'invoice'): string | null => {
  const data = event.data as Record<string, { id?: string } | string | undefined>;
  const nested = data[what];
  if (typeof nested === 'object' && nested.id) return nested.id;
  const flat = data[`${what}_id`];
  return typeof flat === 'string' ? flat : null;
};

/** What the export writes for an event the API returns. */
const expectedEvent = (event: WebhookEvent, mode: string) => ({
  id: event.id,
  event: event.event,
  created_at: event.created_at,
  mode,
  payment_id: about(event, 'payment'),
  invoice_id: event.event.startsWith('invoice.') ? about(event, 'invoice') : null,
  data: event.data,
});

const get = (key: string, path: string) => call(gw.baseUrl, key, 'GET', path);

describe('GET /api/v1/invoices/export', () => {
  it('exports CSV that a CSV parser reads back as the API lists the invoices', async () => {
    const listed = await listAll<Invoice>(gw.baseUrl, gw.apiKey, '/invoices');
    expect(listed).toHaveLength(COUNT);
    const response = await get(gw.apiKey, '/invoices/export');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="invoices-test-2026-11-20.csv"',
    );
    expect(response.text.slice(0, response.text.indexOf('\r\n'))).toBe(INVOICE_EXPORT_COLUMNS.join(','));
    expect(csvRows(response.text)).toEqual(listed.map((invoice) => asCsvCells(expectedInvoice(invoice))));
    // The fixture has each kind: overdue ones, void ones, exact decimal totals in two currencies.
    const rows = csvRows(response.text);
    expect(rows.some((row) => row.overdue === 'true')).toBe(true);
    expect(rows.some((row) => row.status === 'void')).toBe(true);
    expect(rows.find((row) => row.number === 'INV-0002')).toMatchObject({
      total: '11.97',
      fiat_currency: 'USD',
    });
  }, 60_000);

  it('exports the same invoices as JSON Lines, text as it is', async () => {
    const listed = await listAll<Invoice>(gw.baseUrl, gw.apiKey, '/invoices');
    const response = await get(gw.apiKey, '/invoices/export?format=jsonl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="invoices-test-2026-11-20.jsonl"',
    );
    expect(jsonLines(response.text)).toEqual(listed.map(expectedInvoice));
  }, 60_000);

  it('neutralises cells a spreadsheet would run as formulas (CSV only)', async () => {
    const csv = csvRows((await get(gw.apiKey, '/invoices/export?number=INV-0000')).text);
    expect(csv.map((row) => row.recipient_name)).toEqual([`'${FORMULAS[0]}`]);
    const jsonl = jsonLines((await get(gw.apiKey, '/invoices/export?format=jsonl&number=INV-0001')).text);
    expect(jsonl.map((row) => row.recipient_name)).toEqual([FORMULAS[1]]);
  });

  it('applies the list filters as the list does', async () => {
    for (const query of [
      'status=open',
      'status=draft,void',
      'overdue=true',
      'overdue=false',
      'recipient_email=BUYER-3@example.com',
      'created_gte=2026-11-01T09:00:30Z&created_lt=2026-11-01T09:01:10Z',
    ]) {
      const listed = await listAll<Invoice>(gw.baseUrl, gw.apiKey, '/invoices', query);
      expect(listed.length, query).toBeGreaterThan(0);
      const rows = jsonLines((await get(gw.apiKey, `/invoices/export?format=jsonl&${query}`)).text);
      expect(rows, query).toEqual(listed.map(expectedInvoice));
    }
  }, 60_000);

  it('never mixes modes, and an empty export still has its header', async () => {
    const live = csvRows((await get(gw.liveKey, '/invoices/export')).text);
    expect(live.map((row) => row.number).sort()).toEqual(['LIVE-0', 'LIVE-1', 'LIVE-2']);
    expect(live.every((row) => row.mode === 'live')).toBe(true);
    const test = csvRows((await get(gw.apiKey, '/invoices/export')).text);
    expect(test.some((row) => row.number?.startsWith('LIVE-'))).toBe(false);
    const empty = await get(gw.apiKey, '/invoices/export?number=NO-SUCH');
    expect(empty.text).toBe(`${INVOICE_EXPORT_COLUMNS.join(',')}\r\n`);
    expect((await get(gw.apiKey, '/invoices/export?format=jsonl&number=NO-SUCH')).text).toBe('');
  });

  it('refuses what the list refuses, a page size or cursor, and an unknown format', async () => {
    for (const query of ['status=paidish', 'limit=5', 'format=xlsx', 'overdue=maybe']) {
      const response = await get(gw.apiKey, `/invoices/export?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.error.code, query).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /api/v1/events/export', () => {
  it('exports CSV and JSON Lines that read back as the API lists the events', async () => {
    const listed = await listAll<WebhookEvent>(gw.baseUrl, gw.apiKey, '/events');
    expect(listed.length).toBeGreaterThan(COUNT / 3);
    const csv = await get(gw.apiKey, '/events/export');
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="events-test-2026-11-20.csv"');
    expect(csv.text.slice(0, csv.text.indexOf('\r\n'))).toBe(EVENT_EXPORT_COLUMNS.join(','));
    const rows = csvRows(csv.text).map((row) => ({
      ...row,
      payment_id: row.payment_id || null,
      invoice_id: row.invoice_id || null,
      data: JSON.parse(row.data!) as unknown,
    }));
    expect(rows).toEqual(listed.map((event) => expectedEvent(event, 'test')));
    const jsonl = await get(gw.apiKey, '/events/export?format=jsonl');
    expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson');
    expect(jsonLines(jsonl.text).map((row) => ({ ...row, data: JSON.parse(row.data!) as unknown }))).toEqual(
      listed.map((event) => expectedEvent(event, 'test')),
    );
  }, 60_000);

  it('applies the list filters (type, created range) as the list does', async () => {
    for (const query of [
      'type=payment.cancelled',
      'type=invoice.sent,payment.cancelled',
      'created_gte=2026-11-01T09:00:30Z&created_lt=2026-11-01T09:01:30Z',
    ]) {
      const listed = await listAll<WebhookEvent>(gw.baseUrl, gw.apiKey, '/events', query);
      expect(listed.length, query).toBeGreaterThan(0);
      const rows = jsonLines((await get(gw.apiKey, `/events/export?format=jsonl&${query}`)).text);
      expect(
        rows.map((row) => row.id),
        query,
      ).toEqual(listed.map((event) => event.id));
    }
  }, 60_000);

  it('never mixes modes, and an empty export still has its header', async () => {
    const live = jsonLines((await get(gw.liveKey, '/events/export?format=jsonl')).text);
    expect(live).toHaveLength(3);
    expect(live.every((row) => row.mode === 'live' && row.event === 'invoice.sent')).toBe(true);
    const test = jsonLines((await get(gw.apiKey, '/events/export?format=jsonl')).text);
    expect(test.some((row) => live.some((l) => l.id === row.id))).toBe(false);
    const empty = await get(gw.apiKey, '/events/export?type=payment.refunded');
    expect(empty.status).toBe(200);
    expect(empty.text).toBe(`${EVENT_EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it('refuses an unknown type or format', async () => {
    for (const query of ['type=payment.nope', 'format=xml', 'starting_after=evt_x']) {
      const response = await get(gw.apiKey, `/events/export?${query}`);
      expect(response.status, query).toBe(422);
    }
  });
});
