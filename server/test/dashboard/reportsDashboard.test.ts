import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { DashboardClient } from './DashboardClient.js';

// The Reports page over HTTP: its GET range form (presets and custom days), the messages for bad
// ranges, and the charts' text alternatives for the signed-in business's current mode.

const NOW = new Date('2026-11-20T12:00:00Z');
let gw: TestGateway;
let dash: DashboardClient;

async function insertPayment(input: {
  mode: 'test' | 'live';
  amount: string;
  created: string;
  confirmed?: string;
}) {
  const created = new Date(input.created);
  await gw.running.gateway.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
         underpayment_tolerance_bps, overpayment_threshold_bps, expires_at, late_grace_ends_at,
         selected_chain_id, selected_coin_symbol, confirmed_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'USD', 50, 100, ?, ?, 'LTC_REGTEST', 'LTC', ?, ?, ?)`,
      [
        randomUUID(),
        gw.businessId,
        gw.apiKeyId,
        input.mode,
        input.confirmed ? 'confirmed' : 'awaiting_payment',
        input.amount,
        created,
        created,
        input.confirmed ? new Date(input.confirmed) : null,
        created,
        created,
      ],
    );
}

beforeAll(async () => {
  gw = await startTestGateway({ clock: new ManualClock(NOW) });
  await insertPayment({
    mode: 'test',
    amount: '12.34',
    created: '2026-11-18T10:00:00Z',
    confirmed: '2026-11-18T10:05:00Z',
  });
  await insertPayment({
    mode: 'test',
    amount: '0.66',
    created: '2026-11-19T10:00:00Z',
    confirmed: '2026-11-19T10:15:00Z',
  });
  await insertPayment({ mode: 'test', amount: '5', created: '2026-11-19T11:00:00Z' });
  await insertPayment({
    mode: 'test',
    amount: '99',
    created: '2026-10-05T10:00:00Z',
    confirmed: '2026-10-05T11:00:00Z',
  });
  await insertPayment({
    mode: 'live',
    amount: '777.77',
    created: '2026-11-19T10:00:00Z',
    confirmed: '2026-11-19T10:01:00Z',
  });
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

const checked = (body: string) =>
  [...body.matchAll(/name="range" value="([a-z0-9_]+)" checked/g)].map((m) => m[1]);
const titles = (body: string) => [...body.matchAll(/<title id="[^"]+">([^<]*)<\/title>/g)].map((m) => m[1]);

describe('the Reports page', () => {
  it('is in the navigation and shows the last 30 days by default, as a GET form with every preset', async () => {
    const page = await dash.get('/dashboard/reports');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<a href="/dashboard/reports" aria-current="page">Reports</a>');
    expect(page.body).toMatch(/<form class="card filters" method="get" action="\/dashboard\/reports"/);
    for (const preset of ['7d', '30d', 'this_month', 'last_month', 'custom']) {
      expect(page.body).toContain(`name="range" value="${preset}"`);
    }
    expect(checked(page.body)).toEqual(['30d']);
    expect(page.body).toContain('<strong>2026-10-22</strong> to <strong>2026-11-20</strong> (30 days, UTC)');
  });

  it('draws the charts with text alternatives: titles, per-day tables, counts and medians in words', async () => {
    const page = await dash.get('/dashboard/reports?range=7d');
    expect(page.status).toBe(200);
    expect(checked(page.body)).toEqual(['7d']);
    expect(titles(page.body)).toEqual([
      'Confirmed USD per day, test mode, 2026-11-14 to 2026-11-20: $13.00 in 2 payments, highest $12.34 on 2026-11-18.',
      'LTC on Litecoin Regtest: $13.00, 2 payments',
      'Litecoin Regtest: $13.00, 2 payments',
      'Payments per day, test mode, 2026-11-14 to 2026-11-20: 3 created, 2 confirmed, 0 expired; busiest day 2.',
      'Litecoin Regtest: median 10 min from creation to confirmed, 2 payments',
    ]);
    expect(page.body).toContain('<caption>Confirmed USD per day (test mode)</caption>');
    expect(page.body).toContain(
      '<caption>Payments created, confirmed and expired per day (test mode)</caption>',
    );
    expect(page.body).toMatch(
      /<td data-label="Day \(UTC\)">2026-11-19<\/td><td class="num" data-label="Created">2<\/td>/,
    );
    expect(page.body).toMatch(
      /<dt class="total-term">Confirmed<\/dt><dd class="total-value"><strong>2<\/strong>/,
    );
    // The live payment of the same days is not in the test-mode report.
    expect(page.body).not.toContain('777.77');
  });

  it('takes custom dates, and last month', async () => {
    const custom = await dash.get('/dashboard/reports?range=custom&from=2026-10-01&to=2026-10-31');
    expect(custom.status).toBe(200);
    expect(checked(custom.body)).toEqual(['custom']);
    expect(custom.body).toContain('value="2026-10-01"');
    expect(titles(custom.body)[0]).toContain('$99.00 in 1 payment,');
    const lastMonth = await dash.get('/dashboard/reports?range=last_month');
    expect(lastMonth.body).toContain(
      '<strong>2026-10-01</strong> to <strong>2026-10-31</strong> (31 days, UTC)',
    );
  });

  it('says plainly when nothing happened in the range', async () => {
    const page = await dash.get('/dashboard/reports?from=2020-01-01&to=2020-01-31');
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      'No test-mode payment was created, confirmed or expired from 2020-01-01 to 2020-01-31.',
    );
    expect(page.body).not.toContain('<svg');
  });

  it('refuses bad ranges with a 422 and a message beside the field, drawing no figures', async () => {
    const cases: [string, string][] = [
      ['range=custom&from=2026-02-30&to=2026-03-01', 'Enter a date as YYYY-MM-DD.'],
      ['range=custom&from=2026-03-02&to=2026-03-01', 'The last day is before the first day.'],
      ['range=custom&from=2025-01-01&to=2026-01-02', 'A report covers at most 366 days; this range has 367.'],
      ['range=custom&from=2026-03-01', 'Enter the last day of the range.'],
      ['range=forever', 'Choose one of the ranges listed.'],
    ];
    for (const [query, message] of cases) {
      const page = await dash.get(`/dashboard/reports?${query}`);
      expect(page.status, query).toBe(422);
      expect(page.body, query).toContain(`class="error-text"`);
      expect(page.body, query).toContain(message);
      expect(page.body, query).not.toContain('<svg');
    }
    const reversed = await dash.get('/dashboard/reports?range=custom&from=2026-03-02&to=2026-03-01');
    expect(reversed.body).toMatch(/id="f-to"[^>]*aria-invalid="true"/);
    expect(reversed.body).toContain('value="2026-03-02"');
  });
});
