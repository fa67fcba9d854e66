import { PAYMENT_EXPORT_COLUMNS } from '@cairn/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { otherBusiness } from '../api/apiHelpers.js';
import { insertExportFixture } from '../exports/paymentExportFixture.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { DashboardClient } from './DashboardClient.js';

// The payments list's "Download CSV" and "Download JSON Lines" links over HTTP: they keep the
// list's filters, and the export they open streams the signed-in business's payments of the mode
// being viewed, nothing else.

const NOW = new Date('2026-11-20T12:00:00Z');
let gw: TestGateway;
let dash: DashboardClient;

const keyIdOf = async (businessId: string, mode: 'test' | 'live') =>
  (
    await gw.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>('select id from api_keys where business_id = ? and mode = ? limit 1', [
        businessId,
        mode,
      ])
  )[0]!.id;

beforeAll(async () => {
  gw = await startTestGateway({ clock: new ManualClock(NOW) });
  const gateway = gw.running.gateway;
  const base = { businessId: gw.businessId, apiKeyId: gw.apiKeyId };
  await insertExportFixture(gateway, { ...base, mode: 'test', count: 300, newest: NOW, prefix: 'A-' });
  const liveKey = await keyIdOf(gw.businessId, 'live');
  await insertExportFixture(gateway, {
    ...base,
    apiKeyId: liveKey,
    mode: 'live',
    count: 20,
    newest: NOW,
    prefix: 'A-LIVE-',
  });
  const other = await otherBusiness(gw);
  await insertExportFixture(gateway, {
    businessId: other.businessId,
    apiKeyId: await keyIdOf(other.businessId, 'test'),
    mode: 'test',
    count: 50,
    newest: NOW,
    prefix: 'OTHER-',
  });
  const em = gateway.orm.em.fork();
  const business = await em.findOneOrFail(Business, { id: gw.businessId });
  const { token } = await createSession(em, gateway.clock, {
    userId: business.userId,
    lifetime: { absoluteMs: 86_400_000, idleMs: 86_400_000 },
  });
  dash = new DashboardClient(gw.baseUrl);
  dash.cookies.set('cairn_session', token);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

/** The export links of a list page, unescaped. */
const exportLinks = (html: string) =>
  [...html.matchAll(/href="(\/dashboard\/payments\/export[^"]*)"/g)].map((m) =>
    m[1]!.replaceAll('&amp;', '&'),
  );

const csvRows = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe('the payments list exports', () => {
  it('links CSV and JSON Lines with the current filters, and the export holds what they select', async () => {
    const list = await dash.get(
      '/dashboard/payments?status=confirmed&status=underpaid&from=2026-11-20&to=2026-11-20',
    );
    expect(list.status).toBe(200);
    expect(list.body).toContain('Download CSV');
    expect(list.body).toContain('Download JSON Lines');
    const [csvLink, jsonlLink] = exportLinks(list.body);
    expect(csvLink).toBe(
      '/dashboard/payments/export?format=csv&status=confirmed&status=underpaid&from=2026-11-20&to=2026-11-20',
    );
    expect(jsonlLink).toBe(
      '/dashboard/payments/export?format=jsonl&status=confirmed&status=underpaid&from=2026-11-20&to=2026-11-20',
    );
    const csv = await dash.get(csvLink!);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="payments-test-2026-11-20.csv"',
    );
    expect(csv.body.slice(0, csv.body.indexOf('\r\n'))).toBe(PAYMENT_EXPORT_COLUMNS.join(','));
    const rows = csvRows(csv.body);
    // The fixture cycles seven statuses over 300 payments: i % 7 = 0 (confirmed) or 4 (underpaid).
    const expected = Array.from({ length: 300 }, (_, k) => k + 1).filter((i) => i % 7 === 0 || i % 7 === 4);
    expect(rows.map((row) => row.order_id)).toEqual(expected.map((i) => `A-${i}`));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['confirmed', 'underpaid']));
    const jsonl = await dash.get(jsonlLink!);
    expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = jsonl.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, string | null>);
    expect(lines.map((line) => line.order_id)).toEqual(rows.map((row) => row.order_id));
  });

  it('keeps the search box: an email, an order id', async () => {
    const byEmail = csvRows((await dash.get('/dashboard/payments/export?q=BUYER8%40example.com')).body);
    expect(byEmail.map((row) => row.order_id)).toEqual(['A-8']);
    const byOrder = csvRows((await dash.get('/dashboard/payments/export?format=csv&q=A-12')).body);
    expect(byOrder.map((row) => row.customer_email)).toEqual(['buyer12@example.com']);
  });

  it('streams the signed-in business’s payments of the mode viewed, nothing else', async () => {
    const rows = csvRows((await dash.get('/dashboard/payments/export')).body);
    expect(rows).toHaveLength(300);
    expect(rows.every((row) => row.mode === 'test' && /^A-\d+$/.test(row.order_id!))).toBe(true);
  });

  it('sends unusable filters back to the list, and a signed-out visitor to sign in', async () => {
    const bad = await dash.get('/dashboard/payments/export?format=csv&from=2026-02-30');
    expect(bad.status).toBe(303);
    expect(bad.location).toBe(`${gw.baseUrl}/dashboard/payments?format=csv&from=2026-02-30`);
    const anonymous = new DashboardClient(gw.baseUrl);
    const signedOut = await anonymous.get('/dashboard/payments/export');
    expect(signedOut.status).toBe(303);
    expect(signedOut.body).not.toContain('order_id');
  });
});
