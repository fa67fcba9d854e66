import { randomUUID } from 'node:crypto';
import type { Mode } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../src/domain/gateway/Gateway.js';
import { loadPaymentReport } from '../../src/domain/reports/loadPaymentReport.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { type DashboardTestGateway, startDashboardGateway } from '../dashboard/dashboardTestGateway.js';

// The Reports page's figures against real PostgreSQL: payments (and their underpaid events) written
// straight in SQL with fixed times across UTC days, chains, coins, currencies, modes and two businesses.

let gw: DashboardTestGateway;
let gateway: Gateway;
let otherBusiness: string;
const clock = new ManualClock('2026-05-30T15:00:00Z');

const sql = (query: string, params: unknown[]) =>
  gateway.orm.em.fork().getConnection().execute(query, params);

beforeAll(async () => {
  gw = await startDashboardGateway({ clock });
  gateway = gw.running.gateway;
  const user = randomUUID();
  otherBusiness = randomUUID();
  await sql('insert into users (id, email, created_at) values (?, ?, now())', [user, `${user}@cairn.test`]);
  await sql(`insert into businesses (id, user_id, name, created_at) values (?, ?, 'Other shop', now())`, [
    otherBusiness,
    user,
  ]);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

interface Row {
  readonly business?: string;
  readonly mode?: Mode;
  readonly status?: string;
  readonly amount?: string;
  readonly currency?: string;
  readonly created: string;
  readonly confirmed?: string;
  readonly expires?: string;
  readonly chain?: string;
  readonly coin?: string;
  readonly overpaid?: boolean;
}

async function insertPayment(row: Row): Promise<string> {
  const id = randomUUID();
  const created = new Date(row.created);
  const expires = new Date(row.expires ?? created.getTime() + 3_600_000);
  const status = row.status ?? (row.confirmed ? 'confirmed' : 'awaiting_payment');
  await sql(
    `insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
       underpayment_tolerance_bps, overpayment_threshold_bps, expires_at, late_grace_ends_at,
       selected_chain_id, selected_coin_symbol, overpaid, confirmed_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, 50, 100, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      row.business ?? gw.businessId,
      gw.apiKeyId,
      row.mode ?? 'test',
      status,
      row.amount ?? '10.00',
      row.currency ?? 'USD',
      expires,
      expires,
      row.chain ?? null,
      row.coin ?? null,
      row.overpaid ?? false,
      row.confirmed ? new Date(row.confirmed) : null,
      created,
      created,
    ],
  );
  return id;
}

async function insertUnderpaidEvent(
  paymentId: string,
  at: string,
  business = gw.businessId,
  mode: Mode = 'test',
) {
  await sql(
    `insert into outbox_events (id, business_id, mode, payment_id, event, payload, created_at)
     values (?, ?, ?, ?, 'payment.underpaid', '{}'::jsonb, ?)`,
    [randomUUID(), business, mode, paymentId, new Date(at)],
  );
}

const report = (from: string, to: string, mode: Mode = 'test', businessId = gw.businessId) =>
  loadPaymentReport(gateway, { businessId, mode, from, to });

describe('loadPaymentReport', () => {
  it('says nothing happened in an empty range, with every day of it present', async () => {
    const r = await report('2020-01-01', '2020-01-03');
    expect(r.byCurrency).toEqual([]);
    expect(r.byCoin).toEqual([]);
    expect(r.byChain).toEqual([]);
    expect(r.confirmationTimes).toEqual([]);
    expect(r.totals).toEqual({ created: 0, confirmed: 0, expired: 0, underpaid: 0, overpaid: 0 });
    expect(r.flow.map((d) => d.day)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03']);
  });

  it('counts only the business and mode asked, inside the range, with exact sums and medians', async () => {
    // In range (2026-05-10 .. 2026-05-12), test mode, this business.
    // BTC: three confirmed payments taking 10, 20 and 60 minutes (odd count: median 20 min).
    await insertPayment({
      amount: '0.10',
      created: '2026-05-10T09:50:00Z',
      confirmed: '2026-05-10T10:00:00Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
    });
    await insertPayment({
      amount: '0.20',
      created: '2026-05-10T23:40:00Z',
      confirmed: '2026-05-11T00:00:00Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
    });
    await insertPayment({
      amount: '1000000000000.07',
      created: '2026-05-12T22:00:00Z',
      confirmed: '2026-05-12T23:00:00Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
      overpaid: true,
    });
    // LTC: two confirmed payments taking 1 and 4 minutes (even count: median 2.5 min = 150 s), one in EUR.
    await insertPayment({
      amount: '5.55',
      created: '2026-05-11T12:00:00Z',
      confirmed: '2026-05-11T12:01:00Z',
      chain: 'LTC_REGTEST',
      coin: 'LTC',
    });
    await insertPayment({
      amount: '7.77',
      currency: 'EUR',
      created: '2026-05-11T12:00:00Z',
      confirmed: '2026-05-11T12:04:00Z',
      chain: 'LTC_REGTEST',
      coin: 'LTC',
    });
    // Created in range, still open; expired in range (window closed 05-12), one of them short.
    await insertPayment({ created: '2026-05-12T08:00:00Z', expires: '2026-05-30T08:00:00Z' });
    await insertPayment({
      status: 'expired',
      created: '2026-05-12T08:00:00Z',
      expires: '2026-05-12T09:00:00Z',
    });
    const short = await insertPayment({
      status: 'expired_underpaid',
      created: '2026-05-12T10:00:00Z',
      expires: '2026-05-12T11:00:00Z',
      chain: 'LTC_REGTEST',
      coin: 'LTC',
    });
    await insertUnderpaidEvent(short, '2026-05-12T10:30:00Z');
    // A payment underpaid twice in the range counts once.
    const twice = await insertPayment({
      status: 'underpaid',
      created: '2026-05-11T10:00:00Z',
      chain: 'LTC_REGTEST',
      coin: 'LTC',
    });
    await insertUnderpaidEvent(twice, '2026-05-11T10:10:00Z');
    await insertUnderpaidEvent(twice, '2026-05-11T10:20:00Z');

    // Never counted: outside the range (a second either side), the other mode, the other business.
    await insertPayment({
      amount: '900',
      created: '2026-05-09T23:00:00Z',
      confirmed: '2026-05-09T23:59:59Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
    });
    await insertPayment({
      amount: '900',
      created: '2026-05-12T23:59:00Z',
      confirmed: '2026-05-13T00:00:00Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
    });
    await insertPayment({
      status: 'expired',
      created: '2026-05-09T08:00:00Z',
      expires: '2026-05-13T00:00:00Z',
    });
    const liveShort = await insertPayment({
      mode: 'live',
      status: 'expired',
      created: '2026-05-11T08:00:00Z',
      expires: '2026-05-11T09:00:00Z',
    });
    await insertUnderpaidEvent(liveShort, '2026-05-11T08:30:00Z', gw.businessId, 'live');
    await insertPayment({
      mode: 'live',
      amount: '800',
      created: '2026-05-11T08:00:00Z',
      confirmed: '2026-05-11T08:00:01Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
      overpaid: true,
    });
    const elsewhere = await insertPayment({
      business: otherBusiness,
      amount: '700',
      created: '2026-05-11T08:00:00Z',
      confirmed: '2026-05-11T09:00:00Z',
      chain: 'LTC_REGTEST',
      coin: 'LTC',
      overpaid: true,
    });
    await insertUnderpaidEvent(elsewhere, '2026-05-11T08:30:00Z', otherBusiness);

    const r = await report('2026-05-10', '2026-05-12');
    expect(r.mode).toBe('test');
    expect([r.from, r.to]).toEqual(['2026-05-10', '2026-05-12']);
    expect(r.byCurrency).toEqual([
      {
        currency: 'USD',
        payments: 4,
        total: '1000000000005.92',
        days: [
          { day: '2026-05-10', amount: '0.10' },
          { day: '2026-05-11', amount: '5.75' },
          { day: '2026-05-12', amount: '1000000000000.07' },
        ],
      },
      {
        currency: 'EUR',
        payments: 1,
        total: '7.77',
        days: [
          { day: '2026-05-10', amount: '0' },
          { day: '2026-05-11', amount: '7.77' },
          { day: '2026-05-12', amount: '0' },
        ],
      },
    ]);
    expect(r.byCoin).toEqual([
      { chainId: 'LTC_REGTEST', coin: 'LTC', currency: 'EUR', payments: 1, amount: '7.77' },
      { chainId: 'BTC_TESTNET', coin: 'BTC', currency: 'USD', payments: 3, amount: '1000000000000.37' },
      { chainId: 'LTC_REGTEST', coin: 'LTC', currency: 'USD', payments: 1, amount: '5.55' },
    ]);
    expect(r.byChain).toEqual([
      { chainId: 'LTC_REGTEST', currency: 'EUR', payments: 1, amount: '7.77' },
      { chainId: 'BTC_TESTNET', currency: 'USD', payments: 3, amount: '1000000000000.37' },
      { chainId: 'LTC_REGTEST', currency: 'USD', payments: 1, amount: '5.55' },
    ]);
    expect(r.flow).toEqual([
      { day: '2026-05-10', created: 2, confirmed: 1, expired: 0 },
      { day: '2026-05-11', created: 3, confirmed: 3, expired: 0 },
      { day: '2026-05-12', created: 5, confirmed: 1, expired: 2 },
    ]);
    expect(r.totals).toEqual({ created: 10, confirmed: 5, expired: 2, underpaid: 2, overpaid: 1 });
    expect(r.confirmationTimes).toEqual([
      { chainId: 'BTC_TESTNET', payments: 3, medianSeconds: 1200 },
      { chainId: 'LTC_REGTEST', payments: 2, medianSeconds: 150 },
    ]);

    // The other mode and the other business see only their own rows.
    const live = await report('2026-05-10', '2026-05-12', 'live');
    expect(live.totals).toEqual({ created: 2, confirmed: 1, expired: 1, underpaid: 1, overpaid: 1 });
    expect(live.byCurrency.map((c) => c.total)).toEqual(['800']);
    const other = await report('2026-05-10', '2026-05-12', 'test', otherBusiness);
    expect(other.totals).toEqual({ created: 1, confirmed: 1, expired: 0, underpaid: 1, overpaid: 1 });
    expect(other.confirmationTimes).toEqual([{ chainId: 'LTC_REGTEST', payments: 1, medianSeconds: 3600 }]);
  });

  it('refuses a range longer than 366 days or reversed', async () => {
    await expect(report('2025-01-01', '2026-01-02')).rejects.toThrow(RangeError);
    await expect(report('2026-01-02', '2026-01-01')).rejects.toThrow(RangeError);
    expect((await report('2024-01-01', '2024-12-31')).flow).toHaveLength(366);
  });
});
