import type { PaymentReport, ReportTotals } from '../../../domain/reports/loadPaymentReport.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { field, fieldError } from './forms.js';
import type { Page } from './Page.js';
import {
  chainVolumeList,
  coinVolumeList,
  confirmationTimeList,
  dailyFlowChart,
  dailyVolumeChart,
  MAX_CURRENCY_CHARTS,
} from './volumeCharts.js';

/** The report page's range choices: four presets and a custom pair of dates. */
export type ReportPreset = '7d' | '30d' | 'this_month' | 'last_month' | 'custom';

/** The range form as the page shows it back: the chosen preset and the dates it covers (or as typed). */
export interface ReportRangeForm {
  readonly preset: ReportPreset;
  readonly from: string;
  readonly to: string;
}

const PRESET_LABELS: readonly (readonly [ReportPreset, string])[] = [
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['this_month', 'This month'],
  ['last_month', 'Last month'],
  ['custom', 'Custom dates'],
];

/** The range form: a GET form (no script needed), the presets as radio buttons, then the custom dates. */
function rangeForm(
  paths: DashboardPaths,
  form: ReportRangeForm,
  errors: Readonly<Record<string, string>>,
): SafeHtml {
  const option = ([value, label]: readonly [ReportPreset, string]) => {
    const checked = form.preset === value ? html` checked` : '';
    return html`<label><input type="radio" name="range" value="${value}"${checked}> ${label}</label>`;
  };
  const rangeError = errors.range ? html`<p class="error-text" id="f-range-error">${errors.range}</p>` : '';
  const date = (name: 'from' | 'to', label: string) =>
    field({
      name,
      label,
      type: 'date',
      value: form[name],
      hint: 'UTC day, inclusive.',
      ...fieldError(errors, name),
    });
  return html`<form class="card filters" method="get" action="${paths.reports}" aria-label="Report range">
<fieldset class="presets"${errors.range ? html` aria-describedby="f-range-error"` : ''}><legend>Range</legend>${PRESET_LABELS.map(option)}</fieldset>
${rangeError}
<p class="hint">For custom dates, choose “Custom dates” or just fill both days (at most 366 days).</p>
<div class="field-row">
${date('from', 'From')}
${date('to', 'To')}
</div>
<div class="actions"><button type="submit">Show report</button></div>
</form>`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The range's counts in words: a definition list the charts below break down. */
function totalsList(totals: ReportTotals): SafeHtml {
  const item = (term: string, value: number, what: string) =>
    html`<div><dt class="total-term">${term}</dt><dd class="total-value"><strong>${value}</strong> <span class="muted">${what}</span></dd></div>`;
  return html`<dl class="report-totals">
${item('Created', totals.created, 'payments created in the range')}
${item('Confirmed', totals.confirmed, 'confirmed in the range')}
${item('Expired', totals.expired, 'window closed in the range, unpaid or short')}
${item('Underpaid', totals.underpaid, 'became underpaid in the range')}
${item('Overpaid', totals.overpaid, 'confirmed in the range with too much')}
</dl>`;
}

/** Confirmed volume: a daily chart per currency (at most three), then by coin and by chain. */
function volumeCard(report: PaymentReport): SafeHtml {
  const heading = html`<h2 id="report-volume">Confirmed volume</h2>`;
  if (report.byCurrency.length === 0) {
    return html`<section class="card" aria-labelledby="report-volume">${heading}
<p class="muted">No payment confirmed from ${report.from} to ${report.to}.</p></section>`;
  }
  const charts = report.byCurrency
    .slice(0, MAX_CURRENCY_CHARTS)
    .map((c) => dailyVolumeChart(c, report.mode, 'report-volume'));
  const rest = report.byCurrency.slice(MAX_CURRENCY_CHARTS).map((c) => c.currency);
  const more =
    rest.length > 0
      ? html`<p class="muted">Also confirmed in ${rest.join(', ')} (by coin and chain below).</p>`
      : '';
  const perCurrency = (list: (currency: string) => SafeHtml | '') => {
    const several = report.byCurrency.length > 1;
    return report.byCurrency.map((c) => {
      const body = list(c.currency);
      if (body === '') return '';
      return html`${several ? html`<p class="muted">In ${c.currency}</p>` : ''}${body}`;
    });
  };
  const coins = perCurrency((currency) => {
    const rows = report.byCoin.filter((c) => c.currency === currency);
    return rows.length === 0 ? '' : coinVolumeList(rows, `report-coin-${currency.toLowerCase()}`);
  });
  const chains = perCurrency((currency) => {
    const rows = report.byChain.filter((c) => c.currency === currency);
    return rows.length === 0 ? '' : chainVolumeList(rows, `report-chain-${currency.toLowerCase()}`);
  });
  return html`<section class="card" aria-labelledby="report-volume">${heading}
<p class="muted">Payments confirmed in the range, by the UTC day they confirmed, in the currency they were priced in.</p>
${charts}${more}
<h3>By coin</h3>${coins}
<h3>By chain</h3>${chains}</section>`;
}

/** Created versus confirmed versus expired per day, and the range's counts. */
function flowCard(report: PaymentReport): SafeHtml {
  return html`<section class="card" aria-labelledby="report-flow"><h2 id="report-flow">Created, confirmed, expired</h2>
${totalsList(report.totals)}
${dailyFlowChart(report.flow, report.mode)}</section>`;
}

/** The median time from creation to confirmed, per chain. */
function timeCard(report: PaymentReport): SafeHtml {
  const heading = html`<h2 id="report-time">Time to confirm</h2>`;
  const body =
    report.confirmationTimes.length === 0
      ? html`<p class="muted">No payment confirmed in the range, so no time to confirm.</p>`
      : html`<p class="muted">Median time from creating a payment to its confirmation, for the payments confirmed in the range.</p>
${confirmationTimeList(report.confirmationTimes)}`;
  return html`<section class="card" aria-labelledby="report-time">${heading}${body}</section>`;
}

/** Whether nothing happened in the range at all (no figure to draw). */
function isEmpty(report: PaymentReport): boolean {
  const t = report.totals;
  return t.created + t.confirmed + t.expired + t.underpaid === 0;
}

/**
 * The Reports page: the range form, then (for a valid range) the range in words and the report's
 * cards, or one plain sentence when nothing happened in it. A refused range is a 422 with the
 * messages beside the fields and no figures.
 */
export function reportsPage(
  paths: DashboardPaths,
  input: {
    readonly mode: string;
    readonly form: ReportRangeForm;
    readonly errors?: Readonly<Record<string, string>>;
    readonly report?: PaymentReport;
  },
): Page {
  const { report, errors = {} } = input;
  const refused = Object.keys(errors).length > 0;
  let body: SafeHtml | '' = '';
  if (report) {
    const days = report.flow.length;
    const mode = `${input.mode[0]?.toUpperCase()}${input.mode.slice(1)} mode`;
    const span = html`<strong>${report.from}</strong> to <strong>${report.to}</strong>`;
    const range = html`<p class="report-range">${mode}, ${span} (${plural(days, 'day')}, UTC).</p>`;
    const nothing = `No ${input.mode}-mode payment was created, confirmed or expired from ${report.from} to ${report.to}.`;
    body = isEmpty(report)
      ? html`${range}<div class="card"><p>${nothing}</p></div>`
      : html`${range}${volumeCard(report)}${flowCard(report)}${timeCard(report)}`;
  }
  return {
    title: 'Reports',
    section: 'reports',
    ...(refused ? { status: 422 } : {}),
    main: html`<h1>Reports</h1>
<p class="muted">Your ${input.mode}-mode payments over a range of days: what they brought in, how many were paid or expired,
and how long they took to confirm.</p>
${rangeForm(paths, input.form, errors)}
${body}`,
  };
}
