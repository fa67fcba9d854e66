import { CREDIT_LEDGER_EXPORT_COLUMNS } from '@cairn/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { call, clientFor, otherBusiness } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { DashboardClient } from './DashboardClient.js';

// The Download CSV / Download JSON Lines links of the invoices, events and Prepaid Credit pages over
// HTTP: they keep each page's filters, and the file they open is the API's export of the signed-in
// business in the mode being viewed (another business's rows never appear).

const NOW = new Date('2026-11-20T12:00:00Z');
let gw: TestGateway;
let dash: DashboardClient;

const invoice = (number: string, due: string) => ({
  recipient_email: 'ada@example.com',
  recipient_name: 'Ada',
  fiat_currency: 'USD',
  line_items: [{ description: 'Work', quantity: '2', unit_price: '10.50' }],
  due_date: due,
  number,
});

beforeAll(async () => {
  const clock = new ManualClock(new Date(NOW.getTime() - 60_000));
  gw = await startTestGateway({ clock });
  const api = clientFor(gw.baseUrl, gw.apiKey);
  for (const [number, due, send] of [
    ['D-1', '2026-11-01', false],
    ['O-1', '2026-11-01', true],
    ['O-2', '2026-12-31', true],
  ] as const) {
    clock.advance(1000);
    const created = await api.post('/invoices', invoice(number, due));
    expect(created.status, created.text).toBe(201);
    if (send) expect((await api.post(`/invoices/${created.body.data.id}/send`)).status).toBe(200);
  }
  clock.set(NOW);
  const other = await otherBusiness(gw);
  expect(
    (await clientFor(gw.baseUrl, other.key).post('/invoices', invoice('OTHER-1', '2026-11-01'))).status,
  ).toBe(201);
  const em = gw.running.gateway.orm.em.fork();
  const business = await em.findOneOrFail(Business, { id: gw.businessId });
  const { token } = await createSession(em, gw.running.gateway.clock, {
    userId: business.userId,
    lifetime: { absoluteMs: 86_400_000, idleMs: 86_400_000 },
  });
  dash = new DashboardClient(gw.baseUrl);
  dash.cookies.set('cairn_session', token);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

/** The export links of a page, unescaped. */
const linksTo = (html: string, path: string) =>
  [...html.matchAll(new RegExp(`href="(/dashboard/${path}[^"]*)"`, 'g'))].map((m) =>
    m[1]!.replaceAll('&amp;', '&'),
  );

const csvRows = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe('the other exports of the dashboard', () => {
  it('invoices: the links keep the filters, and the file is the API’s export for them', async () => {
    const page = await dash.get('/dashboard/invoices?status=open&overdue=1');
    expect(page.status).toBe(200);
    const [csvLink, jsonlLink] = linksTo(page.body, 'invoices/export');
    expect(csvLink).toBe('/dashboard/invoices/export?format=csv&status=open&overdue=1');
    expect(jsonlLink).toBe('/dashboard/invoices/export?format=jsonl&status=open&overdue=1');
    const csv = await dash.get(csvLink!);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="invoices-test-2026-11-20.csv"',
    );
    expect(csvRows(csv.body).map((row) => row.number)).toEqual(['O-1']);
    const api = await call(gw.baseUrl, gw.apiKey, 'GET', '/invoices/export?status=open&overdue=true');
    expect(csv.body).toBe(api.text);
    const all = csvRows((await dash.get('/dashboard/invoices/export')).body);
    expect(all.map((row) => row.number)).toEqual(['O-2', 'O-1', 'D-1']);
  });

  it('events: the links keep the type filter, and the file holds this business’s events only', async () => {
    const page = await dash.get('/dashboard/events?type=invoice.sent');
    const [csvLink, jsonlLink] = linksTo(page.body, 'events/export');
    expect(csvLink).toBe('/dashboard/events/export?format=csv&type=invoice.sent');
    expect(jsonlLink).toBe('/dashboard/events/export?format=jsonl&type=invoice.sent');
    const jsonl = await dash.get(jsonlLink!);
    expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = jsonl.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, string | null>);
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.event === 'invoice.sent' && line.mode === 'test')).toBe(true);
    const api = await call(gw.baseUrl, gw.apiKey, 'GET', '/events/export?format=jsonl&type=invoice.sent');
    expect(jsonl.body).toBe(api.text);
  });

  it('credit: the ledger of the mode viewed, as the API exports it', async () => {
    const page = await dash.get('/dashboard/credit');
    const [csvLink] = linksTo(page.body, 'credit/ledger/export');
    expect(csvLink).toBe('/dashboard/credit/ledger/export?format=csv');
    const csv = await dash.get(csvLink!);
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="credit-ledger-test-2026-11-20.csv"',
    );
    expect(csv.body.startsWith(`${CREDIT_LEDGER_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const rows = csvRows(csv.body);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.mode === 'test')).toBe(true);
    expect(csv.body).toBe((await call(gw.baseUrl, gw.apiKey, 'GET', '/credit/ledger/export')).text);
  });

  it('sends a signed-out visitor to sign in', async () => {
    const anonymous = new DashboardClient(gw.baseUrl);
    for (const path of ['invoices/export', 'events/export', 'credit/ledger/export']) {
      const response = await anonymous.get(`/dashboard/${path}`);
      expect(response.status, path).toBe(303);
    }
  });
});
