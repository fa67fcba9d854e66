import { describe, expect, it } from 'vitest';
import type { CurrencyVolume, VolumeHistory } from '../../../domain/overview/loadVolumeHistory.js';
import {
  barRatio,
  chainVolumeList,
  coinVolumeList,
  confirmationTimeList,
  dailyFlowChart,
  dailyVolumeChart,
  formatDuration,
  volumeSection,
} from './volumeCharts.js';

/** 30 days from 2026-05-01, zero but for the given amounts. */
function currency(code: string, amounts: Record<number, string>, total = '0', payments = 0): CurrencyVolume {
  return {
    currency: code,
    payments,
    total,
    days: Array.from({ length: 30 }, (_, i) => ({
      day: `2026-05-${String(i + 1).padStart(2, '0')}`,
      amount: amounts[i] ?? '0',
    })),
  };
}

const history = (byCurrency: CurrencyVolume[], byCoin: VolumeHistory['byCoin'] = []): VolumeHistory => ({
  mode: 'test',
  from: '2026-05-01',
  to: '2026-05-30',
  byCurrency,
  byCoin,
});

/** The bars drawn, by day: height in the 100-unit box. */
function barHeights(svg: string): Map<string, number> {
  const bars = [
    ...svg.matchAll(
      /<rect class="bar" x="[\d.]+" y="[\d.]+" width="[\d.]+" height="([\d.]+)" data-day="([\d-]+)">/g,
    ),
  ];
  return new Map(bars.map((m) => [m[2] ?? '', Number(m[1])]));
}

describe('barRatio', () => {
  it('divides decimal strings exactly, whatever their decimals', () => {
    expect(barRatio('50', '100.00')).toBe(0.5);
    expect(barRatio('0.1', '0.30')).toBe(0.3333);
    expect(barRatio('12345678901234567890.5', '24691357802469135781')).toBe(0.5);
    expect(barRatio('3', '0')).toBe(0);
  });
});

describe('the daily volume chart', () => {
  it('draws a bar per day with volume, heights proportional to the amounts, highest full height', () => {
    const svg = dailyVolumeChart(
      currency('USD', { 0: '25.00', 9: '100.00', 29: '50.5' }, '175.50', 4),
      'test',
    ).toString();
    const heights = barHeights(svg);
    expect([...heights.keys()]).toEqual(['2026-05-01', '2026-05-10', '2026-05-30']);
    expect(heights.get('2026-05-10')).toBe(100);
    expect(heights.get('2026-05-01')).toBe(25);
    expect(heights.get('2026-05-30')).toBe(50.5);
  });

  it('is an image named by its title, with every day in a table as its text alternative', () => {
    const svg = dailyVolumeChart(currency('EUR', { 4: '9.99' }, '9.99', 1), 'live').toString();
    expect(svg).toContain('<svg role="img" aria-labelledby="volume-eur-title" viewBox="0 0 300 100"');
    expect(svg).toContain('width="100%"');
    expect(svg).toMatch(
      /<title id="volume-eur-title">Confirmed EUR per day, live mode, 2026-05-01 to 2026-05-30: €9.99 in 1 payment, highest €9.99 on 2026-05-05.<\/title>/,
    );
    expect(svg).toContain('<details><summary>EUR per day as a table</summary>');
    expect(svg.match(/<td data-label="Day \(UTC\)">/g)).toHaveLength(30);
    expect(svg).toContain(
      '<td data-label="Day (UTC)">2026-05-05</td><td class="num" data-label="Confirmed">€9.99</td>',
    );
    expect(svg).toContain(
      '<td data-label="Day (UTC)">2026-05-06</td><td class="num" data-label="Confirmed">€0.00</td>',
    );
    expect(svg).not.toMatch(/<script|style=/);
  });
});

describe('the by-coin list', () => {
  it('draws each coin a bar as long as its share of the largest', () => {
    const list = coinVolumeList([
      { chainId: 'BTC', coin: 'BTC', currency: 'USD', payments: 2, amount: '200.00' },
      { chainId: 'ETH', coin: 'USDC', currency: 'USD', payments: 1, amount: '50.00' },
      { chainId: 'ETH', coin: 'ETH', currency: 'USD', payments: 1, amount: '0.5' },
    ]).toString();
    const widths = [...list.matchAll(/<rect class="bar" x="0" y="0" width="([\d.]+)"/g)].map((m) => m[1]);
    expect(widths).toEqual(['100', '25', '0.25']);
    expect(list).toContain('<title id="coin-volume-1">USDC on Ethereum: $50.00, 1 payment</title>');
    expect(list).toContain('<svg role="img" aria-labelledby="coin-volume-1"');
  });
});

describe('the home page volume section', () => {
  it('says so, with no chart, when nothing confirmed in the window', () => {
    const section = volumeSection(history([])).toString();
    expect(section).toContain('No payment confirmed from 2026-05-01 to 2026-05-30 (UTC)');
    expect(section).not.toContain('<svg');
  });

  it('draws at most three currencies, the rest in words, and the coins', () => {
    const many = ['USD', 'EUR', 'GBP', 'CHF'].map((c) => currency(c, { 0: '1' }, '1', 1));
    const section = volumeSection(
      history(many, [{ chainId: 'BTC', coin: 'BTC', currency: 'USD', payments: 1, amount: '1' }]),
    ).toString();
    expect(section.match(/aria-labelledby="volume-[a-z]{3}-title"/g)).toEqual([
      'aria-labelledby="volume-usd-title"',
      'aria-labelledby="volume-eur-title"',
      'aria-labelledby="volume-gbp-title"',
    ]);
    expect(section).toContain('And 1 more currency: CHF');
    expect(section).toContain('<h3>By coin</h3>');
    expect(section).not.toContain('In USD');
  });

  it('lists the coins per currency, in the charts’ order, each scaled within its currency', () => {
    const section = volumeSection(
      history(
        [currency('USD', { 0: '250' }, '250', 2), currency('EUR', { 0: '5' }, '5', 1)],
        [
          { chainId: 'ETH', coin: 'ETH', currency: 'EUR', payments: 1, amount: '5' },
          { chainId: 'BTC', coin: 'BTC', currency: 'USD', payments: 1, amount: '200' },
          { chainId: 'ETH', coin: 'USDC', currency: 'USD', payments: 1, amount: '50' },
        ],
      ),
    ).toString();
    expect(section.indexOf('In USD')).toBeLessThan(section.indexOf('In EUR'));
    expect(section.indexOf('BTC on Bitcoin')).toBeGreaterThan(-1);
    expect(section.indexOf('BTC on Bitcoin')).toBeLessThan(section.indexOf('In EUR'));
    expect(section).toContain('aria-labelledby="coin-volume-eur-0"');
    const widths = [...section.matchAll(/<rect class="bar" x="0" y="0" width="([\d.]+)"/g)].map((m) => m[1]);
    expect(widths).toEqual(['100', '25', '100']);
  });
});

describe('the report charts', () => {
  it('draws chains as bars of their share of the largest, exact to the cent, with titles', () => {
    const list = chainVolumeList([
      { chainId: 'BTC', currency: 'USD', payments: 3, amount: '1000000000000.40' },
      { chainId: 'ETH', currency: 'USD', payments: 1, amount: '250000000000.10' },
    ]).toString();
    expect(list).toContain('<title id="chain-volume-0">Bitcoin: $1,000,000,000,000.40, 3 payments</title>');
    expect(list).toContain('<title id="chain-volume-1">Ethereum: $250,000,000,000.10, 1 payment</title>');
    const widths = [...list.matchAll(/<rect class="bar" x="0" y="0" width="([\d.]+)"/g)].map((m) => m[1]);
    expect(widths).toEqual(['100', '25']);
  });

  it('words durations in their two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(150)).toBe('2 min 30 s');
    expect(formatDuration(3_600)).toBe('1 h');
    expect(formatDuration(3 * 3_600 + 20 * 60 + 9)).toBe('3 h 20 min');
    expect(formatDuration(2 * 86_400 + 4 * 3_600)).toBe('2 d 4 h');
  });

  it('draws the median time to confirm per chain, the slowest as the full bar', () => {
    const list = confirmationTimeList([
      { chainId: 'BTC', payments: 3, medianSeconds: 1_200 },
      { chainId: 'ETH', payments: 2, medianSeconds: 150 },
    ]).toString();
    expect(list).toContain('Bitcoin: median 20 min from creation to confirmed, 3 payments');
    expect(list).toContain('Ethereum: median 2 min 30 s from creation to confirmed, 2 payments');
    const widths = [...list.matchAll(/<rect class="bar" x="0" y="0" width="([\d.]+)"/g)].map((m) => m[1]);
    expect(widths).toEqual(['100', '12.5']);
  });

  it('draws created, confirmed and expired per day as three series with a legend, a title and a table', () => {
    const chart = dailyFlowChart(
      [
        { day: '2026-05-01', created: 4, confirmed: 2, expired: 1 },
        { day: '2026-05-02', created: 0, confirmed: 0, expired: 0 },
      ],
      'live',
    ).toString();
    expect(chart).toContain(
      '<title id="flow-title">Payments per day, live mode, 2026-05-01 to 2026-05-02: 4 created, 2 confirmed, 1 expired; busiest day 4.</title>',
    );
    const bars = [
      ...chart.matchAll(/<rect class="bar (\w+)" [^>]*height="([\d.]+)"><title>([^<]+)<\/title>/g),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(bars).toEqual([
      ['created', '100', '2026-05-01: 4 created'],
      ['confirmed', '50', '2026-05-01: 2 confirmed'],
      ['expired', '25', '2026-05-01: 1 expired'],
    ]);
    expect(chart).toContain('Created (4)</li>');
    expect(chart).toContain('<caption>Payments created, confirmed and expired per day (live mode)</caption>');
    expect(chart).toMatch(
      /<td data-label="Day \(UTC\)">2026-05-02<\/td><td class="num" data-label="Created">0<\/td>/,
    );
  });
});
