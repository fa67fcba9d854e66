import { getChain } from '@cairn/contract';
import type {
  CoinVolume,
  CurrencyVolume,
  VolumeHistory,
} from '../../../domain/overview/loadVolumeHistory.js';
import type {
  ChainConfirmationTime,
  ChainVolume,
  DayFlow,
} from '../../../domain/reports/loadPaymentReport.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { tableColumns } from './tableParts.js';

/** At most this many currencies get a daily chart (the ones with most payments). */
export const MAX_CURRENCY_CHARTS = 3;

/** The daily chart's drawing box: one slot per day, bars from the bottom. Stretched to the card's width. */
const BOX_WIDTH = 300;
const BOX_HEIGHT = 100;

const fractionDigits = (amount: string) => amount.split('.')[1]?.length ?? 0;

/** A non-negative decimal string as an integer of `scale` decimals (exact). */
function scaled(amount: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

/**
 * `amount / max` for two decimal strings, computed exactly in bigint to four places; only that ratio
 * becomes a JS number (for a bar's length). 0 when `max` is zero.
 */
export function barRatio(amount: string, max: string): number {
  const scale = Math.max(fractionDigits(amount), fractionDigits(max));
  const whole = scaled(max, scale);
  if (whole <= 0n) return 0;
  return Number((scaled(amount, scale) * 10_000n) / whole) / 10_000;
}

/** The largest of decimal strings (compared exactly). */
function largest(amounts: readonly string[]): string {
  return amounts.reduce((best, amount) => {
    const scale = Math.max(fractionDigits(best), fractionDigits(amount));
    return scaled(amount, scale) > scaled(best, scale) ? amount : best;
  }, '0');
}

const money = (amount: string, currency: string) => formatFiat(amount, currency, 'en-US');
const round = (n: number) => Math.round(n * 100) / 100;

/** The days of one currency as a table: the chart's text alternative. */
const DAYS_TABLE = tableColumns('Day (UTC)', { num: 'Confirmed' });

const count = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

/**
 * An SVG image stretched to its box's width, named by its `<title>` (the id given) for screen readers.
 * `box` is its viewBox's width and height; `body` its shapes.
 */
function svgImage(input: {
  readonly id: string;
  readonly title: string;
  readonly className: string;
  readonly box: readonly [number, number];
  readonly body: SafeHtml | readonly (SafeHtml | '')[];
}): SafeHtml {
  const { id, box } = input;
  const open = html`<svg role="img" aria-labelledby="${id}" viewBox="0 0 ${box[0]} ${box[1]}" width="100%"`;
  const rest = html` preserveAspectRatio="none" class="${input.className}" xmlns="http://www.w3.org/2000/svg">`;
  return html`${open}${rest}<title id="${id}">${input.title}</title>${input.body}</svg>`;
}

/** One day's bar in the daily chart, with the day and amount as its tooltip. */
function dayBar(x: number, width: number, height: number, day: string, amount: string): SafeHtml {
  const y = round(BOX_HEIGHT - height);
  const rect = html`<rect class="bar" x="${x}" y="${y}" width="${width}" height="${height}" data-day="${day}">`;
  return html`${rect}<title>${day}: ${amount}</title></rect>`;
}

/** The days and amounts of a daily chart as a table, folded under a summary. */
function daysTable(volume: CurrencyVolume, mode: string): SafeHtml {
  const { currency } = volume;
  const rows = volume.days.map((d) => DAYS_TABLE.row(d.day, { num: money(d.amount, currency) }));
  const caption = html`<caption>Confirmed ${currency} per day (${mode} mode)</caption>`;
  const table = html`<table>${caption}${DAYS_TABLE.head}<tbody>${rows}</tbody></table>`;
  return html`<details><summary>${currency} per day as a table</summary><div class="table-wrap" tabindex="0">${table}</div></details>`;
}

/**
 * One currency's daily confirmed volume: an SVG bar per day, its extremes in words, the days as a table.
 * `idPrefix` keeps the chart's title id unique when a page draws the same currency twice.
 */
export function dailyVolumeChart(volume: CurrencyVolume, mode: string, idPrefix = 'volume'): SafeHtml {
  const { currency, days } = volume;
  const max = largest(days.map((d) => d.amount));
  const slot = BOX_WIDTH / days.length;
  const bars = days.map((d, i) => {
    const height = round(barRatio(d.amount, max) * BOX_HEIGHT);
    if (height === 0) return '';
    return dayBar(round(i * slot + slot * 0.15), round(slot * 0.7), height, d.day, money(d.amount, currency));
  });
  const peak = days.find((d) => d.amount === max);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const total = money(volume.total, currency);
  const highest = peak ? `, highest ${money(max, currency)} on ${peak.day}` : '';
  const title = `Confirmed ${currency} per day, ${mode} mode, ${first} to ${last}: ${total} in ${count(volume.payments)}${highest}.`;
  const axis = html`<line class="axis" x1="0" y1="${BOX_HEIGHT}" x2="${BOX_WIDTH}" y2="${BOX_HEIGHT}"></line>`;
  const svg = svgImage({
    id: `${idPrefix}-${currency.toLowerCase()}-title`,
    title,
    className: 'bars',
    box: [BOX_WIDTH, BOX_HEIGHT],
    body: [axis, ...bars],
  });
  const extremes = html`<span class="muted">(${count(volume.payments)}; highest day ${money(max, currency)})</span>`;
  return html`<figure class="chart">
<figcaption><strong>${total}</strong> confirmed in ${currency} ${extremes}</figcaption>
${svg}
<div class="chart-days muted" aria-hidden="true"><span>${first}</span><span>${last}</span></div>
${daysTable(volume, mode)}
</figure>`;
}

/** One row of a share list: its label in words, and a bar as long as `ratio` (0 to 1) of the track. */
function shareRow(label: SafeHtml, title: string, ratio: number, id: string): SafeHtml {
  const width = round(ratio * 100);
  const track = html`<rect class="coin-track" x="0" y="0" width="100" height="4"></rect>`;
  const bar = html`<rect class="bar" x="0" y="0" width="${width}" height="4"></rect>`;
  const svg = svgImage({ id, title, className: 'coin-bar', box: [100, 4], body: [track, bar] });
  return html`<li><span class="coin-label">${label}</span>
${svg}</li>`;
}

const chainName = (chainId: string) => getChain(chainId)?.name ?? chainId;

/** One coin's row: its name and amount in words, and a bar as long as its share of the largest. */
function coinRow(c: CoinVolume, max: string, id: string): SafeHtml {
  const what = `${c.coin} on ${chainName(c.chainId)}`;
  const amount = money(c.amount, c.currency);
  const payments = count(c.payments);
  const label = html`<strong>${what}</strong> <span>${amount}</span> <span class="muted">(${payments})</span>`;
  return shareRow(label, `${what}: ${amount}, ${payments}`, barRatio(c.amount, max), id);
}

/**
 * Confirmed volume per chain and coin in one fiat currency: a horizontal bar per coin, as long as its
 * share of the largest. `idPrefix` keeps the bars' title ids unique on the page.
 */
export function coinVolumeList(byCoin: readonly CoinVolume[], idPrefix = 'coin-volume'): SafeHtml {
  const max = largest(byCoin.map((c) => c.amount));
  return html`<ul class="coin-bars">${byCoin.map((c, i) => coinRow(c, max, `${idPrefix}-${i}`))}</ul>`;
}

/** The by-coin lists, one per fiat currency (in the charts' order), each named when there are several. */
function byCoinPart(volume: VolumeHistory): SafeHtml | '' {
  if (volume.byCoin.length === 0) return '';
  const currencies = volume.byCurrency.map((c) => c.currency);
  const several = new Set(volume.byCoin.map((c) => c.currency)).size > 1;
  const lists = currencies.map((currency) => {
    const coins = volume.byCoin.filter((c) => c.currency === currency);
    if (coins.length === 0) return '';
    const label = several ? html`<p class="muted">In ${currency}</p>` : '';
    return html`${label}${coinVolumeList(coins, `coin-volume-${currency.toLowerCase()}`)}`;
  });
  return html`<h3>By coin</h3>${lists}`;
}

/** The home page's charts: confirmed volume per day (one chart per currency, at most three) and by coin. */
export function volumeSection(volume: VolumeHistory): SafeHtml {
  const heading = html`<h2 id="volume-heading">Last 30 days (${volume.mode} mode)</h2>`;
  if (volume.byCurrency.length === 0) {
    return html`<section class="card" aria-labelledby="volume-heading">${heading}
<p class="muted">No payment confirmed from ${volume.from} to ${volume.to} (UTC). Confirmed payments show here, per day and by coin.</p></section>`;
  }
  const charts = volume.byCurrency.slice(0, MAX_CURRENCY_CHARTS).map((c) => dailyVolumeChart(c, volume.mode));
  const more = volume.byCurrency.length - MAX_CURRENCY_CHARTS;
  const others =
    more > 0
      ? html`<p class="muted">And ${more} more currenc${more === 1 ? 'y' : 'ies'}: ${volume.byCurrency
          .slice(MAX_CURRENCY_CHARTS)
          .map((c) => `${money(c.total, c.currency)}`)
          .join(', ')}.</p>`
      : '';
  return html`<section class="card" aria-labelledby="volume-heading">${heading}
<p class="muted">Payments confirmed from ${volume.from} to ${volume.to} (UTC days), by the day they confirmed.</p>
${charts}${others}${byCoinPart(volume)}</section>`;
}

/**
 * Confirmed volume per chain in one fiat currency: a horizontal bar per chain, as long as its share of
 * the largest (the coins of a chain together).
 */
export function chainVolumeList(byChain: readonly ChainVolume[], idPrefix = 'chain-volume'): SafeHtml {
  const max = largest(byChain.map((c) => c.amount));
  const rows = byChain.map((c, i) => {
    const amount = money(c.amount, c.currency);
    const payments = count(c.payments);
    const name = chainName(c.chainId);
    const label = html`<strong>${name}</strong> <span>${amount}</span> <span class="muted">(${payments})</span>`;
    return shareRow(label, `${name}: ${amount}, ${payments}`, barRatio(c.amount, max), `${idPrefix}-${i}`);
  });
  return html`<ul class="coin-bars">${rows}</ul>`;
}

/** A duration in seconds as the largest two units that matter (`45 s`, `12 min 5 s`, `3 h 20 min`, `2 d 4 h`). */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const units: readonly [string, number][] = [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ];
  const first = units.findIndex(([, size]) => s >= size);
  const [bigName, bigSize] = units[first] as [string, number];
  const [smallName, smallSize] = units[first + 1] as [string, number];
  const big = Math.floor(s / bigSize);
  const small = Math.floor((s % bigSize) / smallSize);
  return small === 0 ? `${big} ${bigName}` : `${big} ${bigName} ${small} ${smallName}`;
}

/** The median time to `confirmed` per chain: a bar per chain as long as its share of the slowest. */
export function confirmationTimeList(
  times: readonly ChainConfirmationTime[],
  idPrefix = 'confirm-time',
): SafeHtml {
  const slowest = Math.max(...times.map((t) => t.medianSeconds), 0);
  const rows = times.map((t, i) => {
    const name = chainName(t.chainId);
    const median = formatDuration(t.medianSeconds);
    const payments = count(t.payments);
    const label = html`<strong>${name}</strong> <span>median ${median}</span> <span class="muted">(${payments})</span>`;
    const ratio = slowest > 0 ? t.medianSeconds / slowest : 0;
    return shareRow(
      label,
      `${name}: median ${median} from creation to confirmed, ${payments}`,
      ratio,
      `${idPrefix}-${i}`,
    );
  });
  return html`<ul class="coin-bars">${rows}</ul>`;
}

/** The series of the created / confirmed / expired chart, in drawing order. */
const FLOW_SERIES = ['created', 'confirmed', 'expired'] as const;
const FLOW_TABLE = tableColumns('Day (UTC)', { num: 'Created' }, { num: 'Confirmed' }, { num: 'Expired' });

/**
 * Payments created, confirmed and expired per day: three bars a day (one colour per series, named in a
 * legend), the totals in the SVG's title and caption, the days as a table.
 */
export function dailyFlowChart(flow: readonly DayFlow[], mode: string): SafeHtml {
  const max = Math.max(0, ...flow.flatMap((d) => FLOW_SERIES.map((k) => d[k])));
  const slot = BOX_WIDTH / Math.max(flow.length, 1);
  const bar = (slot * 0.8) / FLOW_SERIES.length;
  const bars = flow.flatMap((d, i) =>
    FLOW_SERIES.map((kind, k) => {
      const height = max === 0 ? 0 : round((d[kind] / max) * BOX_HEIGHT);
      if (height === 0) return '';
      const x = round(i * slot + slot * 0.1 + k * bar);
      const rect = html`<rect class="bar ${kind}" x="${x}" y="${round(BOX_HEIGHT - height)}" width="${round(bar)}" height="${height}">`;
      return html`${rect}<title>${d.day}: ${d[kind]} ${kind}</title></rect>`;
    }),
  );
  const total = (kind: (typeof FLOW_SERIES)[number]) => flow.reduce((n, d) => n + d[kind], 0);
  const first = flow[0]?.day ?? '';
  const last = flow.at(-1)?.day ?? '';
  const sums = `${total('created')} created, ${total('confirmed')} confirmed, ${total('expired')} expired`;
  const title = `Payments per day, ${mode} mode, ${first} to ${last}: ${sums}; busiest day ${max}.`;
  const axis = html`<line class="axis" x1="0" y1="${BOX_HEIGHT}" x2="${BOX_WIDTH}" y2="${BOX_HEIGHT}"></line>`;
  const svg = svgImage({
    id: 'flow-title',
    title,
    className: 'bars',
    box: [BOX_WIDTH, BOX_HEIGHT],
    body: [axis, ...bars],
  });
  const legend = FLOW_SERIES.map(
    (kind) =>
      html`<li><span class="swatch ${kind}" aria-hidden="true"></span>${kind[0]?.toUpperCase()}${kind.slice(1)} (${total(kind)})</li>`,
  );
  const rows = flow.map((d) =>
    FLOW_TABLE.row(
      d.day,
      { num: String(d.created) },
      { num: String(d.confirmed) },
      { num: String(d.expired) },
    ),
  );
  const caption = html`<caption>Payments created, confirmed and expired per day (${mode} mode)</caption>`;
  const table = html`<table>${caption}${FLOW_TABLE.head}<tbody>${rows}</tbody></table>`;
  return html`<figure class="chart">
<figcaption><ul class="chart-legend">${legend}</ul></figcaption>
${svg}
<div class="chart-days muted" aria-hidden="true"><span>${first}</span><span>${last}</span></div>
<details><summary>Payments per day as a table</summary><div class="table-wrap" tabindex="0">${table}</div></details>
</figure>`;
}
