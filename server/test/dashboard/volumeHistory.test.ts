import { randomUUID } from 'node:crypto';
import type { Mode } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../src/domain/gateway/Gateway.js';
import { listLatestPayments } from '../../src/domain/overview/listLatestPayments.js';
import { loadOverview } from '../../src/domain/overview/loadOverview.js';
import { loadVolumeHistory, VOLUME_DAYS } from '../../src/domain/overview/loadVolumeHistory.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// The home page's 30-day volume against real PostgreSQL: payments written straight in SQL with fixed
// creation and confirmation times across UTC days, confirmed and not, in test and live mode.

let gw: DashboardTestGateway;
let gateway: Gateway;
const NOW = new Date('2026-05-30T15:00:00Z');
const clock = new ManualClock(NOW);

beforeAll(async () => {
  gw = await startDashboardGateway({ clock });
  gateway = gw.running.gateway;
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

interface Row {
  readonly mode: Mode;
  readonly amount: string;
  readonly currency?: string;
  readonly created: string;
  readonly confirmed?: string;
  readonly chain?: string;
  readonly coin?: string;
  readonly orderId?: string;
}

async function insertPayment(row: Row): Promise<string> {
  const id = randomUUID();
  const created = new Date(row.created);
  await gateway.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
         underpayment_tolerance_bps, overpayment_threshold_bps, expires_at, late_grace_ends_at,
         selected_chain_id, selected_coin_symbol, order_id, confirmed_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 50, 100, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        gw.businessId,
        gw.apiKeyId,
        row.mode,
        row.confirmed ? 'confirmed' : 'awaiting_payment',
        row.amount,
        row.currency ?? 'USD',
        created,
        created,
        row.chain ?? null,
        row.coin ?? null,
        row.orderId ?? null,
        row.confirmed ? new Date(row.confirmed) : null,
        created,
        created,
      ],
    );
  return id;
}

const scope = (mode: Mode) => ({ businessId: gw.businessId, mode, now: clock.now() });

describe('the last 30 days of confirmed volume', () => {
  it('sums per UTC day and coin as decimal strings, with zeros, one mode at a time, inside the window', async () => {
    // Just outside the window: confirmed on 2026-04-30, the day before the 30th day back.
    await insertPayment({
      mode: 'test',
      amount: '999.00',
      created: '2026-04-30T20:00:00Z',
      confirmed: '2026-04-30T23:59:59Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
    });
    // The first day of the window: created before it, confirmed at its first instant.
    await insertPayment({
      mode: 'test',
      amount: '10.10',
      created: '2026-04-30T23:50:00Z',
      confirmed: '2026-05-01T00:00:00Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
    });
    await insertPayment({
      mode: 'test',
      amount: '0.20',
      created: '2026-05-01T10:00:00Z',
      confirmed: '2026-05-01T10:05:00Z',
      chain: 'LTC_TESTNET',
      coin: 'LTC',
    });
    // Today, twice: sums exactly (0.1 + 0.2 is not 0.30000000000000004 here).
    await insertPayment({
      mode: 'test',
      amount: '0.1',
      created: '2026-05-30T01:00:00Z',
      confirmed: '2026-05-30T01:10:00Z',
      chain: 'LTC_TESTNET',
      coin: 'LTC',
    });
    await insertPayment({
      mode: 'test',
      amount: '0.2',
      created: '2026-05-30T02:00:00Z',
      confirmed: '2026-05-30T02:10:00Z',
      chain: 'LTC_TESTNET',
      coin: 'LTC',
    });
    // Not confirmed: counted nowhere.
    await insertPayment({ mode: 'test', amount: '500.00', created: '2026-05-15T12:00:00Z' });
    // Another currency, fewer payments.
    await insertPayment({
      mode: 'test',
      amount: '7.5',
      currency: 'EUR',
      created: '2026-05-20T12:00:00Z',
      confirmed: '2026-05-20T12:30:00Z',
      chain: 'BTC_TESTNET',
      coin: 'BTC',
    });
    // Live mode: never in the test figures.
    await insertPayment({
      mode: 'live',
      amount: '1000.00',
      created: '2026-05-20T12:00:00Z',
      confirmed: '2026-05-20T12:30:00Z',
      chain: 'BTC',
      coin: 'BTC',
    });

    const test = await loadVolumeHistory(gateway.orm.em.fork(), scope('test'));
    expect(test.from).toBe('2026-05-01');
    expect(test.to).toBe('2026-05-30');
    expect(test.byCurrency.map((c) => c.currency)).toEqual(['USD', 'EUR']);
    const usd = test.byCurrency[0];
    expect(usd?.days).toHaveLength(VOLUME_DAYS);
    expect(usd?.days[0]).toEqual({ day: '2026-05-01', amount: '10.30' });
    expect(usd?.days[1]).toEqual({ day: '2026-05-02', amount: '0' });
    expect(usd?.days[14]).toEqual({ day: '2026-05-15', amount: '0' });
    expect(usd?.days[29]).toEqual({ day: '2026-05-30', amount: '0.3' });
    expect(usd?.days.filter((d) => d.amount !== '0')).toHaveLength(2);
    expect(usd?.total).toBe('10.60');
    expect(usd?.payments).toBe(4);
    const eur = test.byCurrency[1];
    expect(eur?.days.find((d) => d.day === '2026-05-20')?.amount).toBe('7.5');
    expect(eur?.total).toBe('7.5');
    expect(test.byCoin).toEqual([
      { chainId: 'BTC_TESTNET', coin: 'BTC', currency: 'EUR', payments: 1, amount: '7.5' },
      { chainId: 'BTC_TESTNET', coin: 'BTC', currency: 'USD', payments: 1, amount: '10.10' },
      { chainId: 'LTC_TESTNET', coin: 'LTC', currency: 'USD', payments: 3, amount: '0.50' },
    ]);

    const live = await loadVolumeHistory(gateway.orm.em.fork(), scope('live'));
    expect(live.byCurrency).toHaveLength(1);
    expect(live.byCurrency[0]?.total).toBe('1000.00');
    expect(live.byCurrency[0]?.days.find((d) => d.day === '2026-05-20')?.amount).toBe('1000.00');
    expect(live.byCoin).toEqual([
      { chainId: 'BTC', coin: 'BTC', currency: 'USD', payments: 1, amount: '1000.00' },
    ]);

    // A day later the window moves with the clock: 2026-05-01 leaves it.
    clock.advance(24 * 3600 * 1000);
    const moved = await loadVolumeHistory(gateway.orm.em.fork(), scope('test'));
    expect(moved.from).toBe('2026-05-02');
    expect(moved.byCurrency[0]?.total).toBe('0.3');
    expect(moved.byCurrency[0]?.days.at(-1)).toEqual({ day: '2026-05-31', amount: '0' });
  });

  it('lists the ten newest payments of the mode only, and the overview carries both', async () => {
    for (let i = 0; i < 11; i++) {
      const minute = String(i).padStart(2, '0');
      await insertPayment({
        mode: 'live',
        amount: '1',
        created: `2026-05-31T09:${minute}:00Z`,
        orderId: `live-${i}`,
      });
    }
    const latest = await listLatestPayments(gateway.orm.em.fork(), {
      businessId: gw.businessId,
      mode: 'live',
    });
    expect(latest.map((p) => p.order_id)).toEqual(Array.from({ length: 10 }, (_, i) => `live-${10 - i}`));
    expect(latest[0]?.fiat_amount).toBe('1'); // the decimal string as stored
    const overview = await loadOverview(gateway, { businessId: gw.businessId, mode: 'test' });
    expect(overview.latest.every((p) => !p.order_id?.startsWith('live-'))).toBe(true);
    expect(overview.latest[0]?.fiat_amount).toBe('0.2');
    expect(overview.volume.mode).toBe('test');
    expect(overview.volume.byCurrency[0]?.total).toBe('0.3');
  });
});
