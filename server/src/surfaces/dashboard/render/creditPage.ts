import {
  type CreditOutlook,
  LOW_CREDIT_DAYS,
  LOW_CREDIT_FLOOR_USD,
} from '../../../domain/credit/creditOutlook.js';
import type { CreditLedgerLine } from '../../../domain/credit/listCreditLedger.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { exportLinks } from './exportLinks.js';
import { formatTime } from './forms.js';
import { pager } from './listControls.js';
import type { Page } from './Page.js';
import { tableColumns } from './tableParts.js';

const LEDGER = tableColumns('When', 'What', 'Payment', 'Amount');

const KIND_LABELS: Readonly<Record<CreditLedgerLine['kind'], string>> = {
  grant: 'Sign-up grant',
  fee: 'Platform fee',
  fee_reversal: 'Fee returned (reorg)',
  top_up: 'Top-up',
  adjustment: 'Adjustment by the operator',
};

const usd = (amount: string) => formatFiat(amount, 'USD', 'en-US');

const HOW_FEES_ARE_PAID =
  'Platform fees are paid from a prepaid reserve when a payment confirms; test and live mode have one each. ' +
  'A payment is never held back once created, but while a reserve is used up new payments in its mode are refused.';

/** Why a reserve needs topping up, if it does. */
function reserveWarning(outlook: CreditOutlook): SafeHtml | '' {
  if (outlook.state === 'exhausted') {
    const refused = `new ${outlook.mode}-mode payments are refused (402 INSUFFICIENT_CREDIT) until it is topped up`;
    return html`<p class="notice error">Used up: ${refused}. Payments already created still confirm.</p>`;
  }
  if (outlook.state === 'low') {
    const fees = `${usd(outlook.recentFeesUsd)} of fees in the last ${LOW_CREDIT_DAYS} days`;
    return html`<p class="notice warn">Running low: ${fees}. Top it up before it runs out.</p>`;
  }
  return '';
}

function reserve(outlook: CreditOutlook, current: boolean): SafeHtml {
  const name = `${outlook.mode === 'test' ? 'Test' : 'Live'} reserve${current ? ' (shown below)' : ''}`;
  const other = html`<span class="muted">Switch to ${outlook.mode} mode to see its ledger.</span>`;
  return html`<div class="figure card"><span class="muted">${name}</span>
<strong id="credit-${outlook.mode}">${usd(outlook.balanceUsd)}</strong>
<span>${usd(outlook.recentFeesUsd)} in fees, last ${LOW_CREDIT_DAYS} days</span>
${reserveWarning(outlook)}
${current ? '' : other}
</div>`;
}

/** One ledger entry: when, what, the payment it is for, and the signed amount. */
function ledgerRow(paths: DashboardPaths, line: CreditLedgerLine): SafeHtml {
  const negative = line.amountUsd.startsWith('-');
  const amount = usd(negative ? line.amountUsd.slice(1) : line.amountUsd);
  const payment = line.paymentId
    ? html`<a href="${paths.payment(line.paymentId)}">Payment ${line.paymentId.slice(0, 8)}</a>`
    : '—';
  const signed = negative ? html`<span class="debit">−${amount}</span>` : html`+${amount}`;
  return LEDGER.row(formatTime(line.createdAt), KIND_LABELS[line.kind], payment, { num: signed });
}

function ledgerTable(rows: readonly SafeHtml[]): SafeHtml {
  const caption = html`<caption class="visually-hidden-label">Prepaid Credit ledger, newest first</caption>`;
  const head = LEDGER.head;
  return html`<div class="table-wrap" tabindex="0"><table>${caption}${head}<tbody>${rows}</tbody></table></div>`;
}

export function creditPage(
  paths: DashboardPaths,
  input: {
    readonly mode: 'test' | 'live';
    readonly businessId: string;
    readonly reserves: readonly CreditOutlook[];
    readonly lines: readonly CreditLedgerLine[];
    readonly next: string | null;
    readonly paged: boolean;
  },
): Page {
  const rows = input.lines.map((line) => ledgerRow(paths, line));
  const warned = `You are warned when a reserve is under ${usd(LOW_CREDIT_FLOOR_USD)} or under its last ${LOW_CREDIT_DAYS} days of fees.`;
  const command = `cairn credit:top-up --business ${input.businessId} --mode ${input.mode} --usd 50`;
  const first = input.paged ? paths.credit : null;
  const next = input.next ? `${paths.credit}?before=${input.next}` : null;
  return {
    title: 'Prepaid Credit',
    section: 'credit',
    main: html`<h1>Prepaid Credit</h1>
<p>${HOW_FEES_ARE_PAID} ${warned}</p>
<div class="figures">${input.reserves.map((r) => reserve(r, r.mode === input.mode))}</div>
<section class="card" aria-labelledby="topup-heading">
<h2 id="topup-heading">How to top up</h2>
<p>Top-ups are made by the operator of this gateway. Send them your business id and the amount; they run:</p>
<pre class="body" tabindex="0"><code>${command}</code></pre>
<p class="muted">The top-up shows here at once, as a line of the ledger.</p>
</section>
<section class="card" aria-labelledby="ledger-heading">
<h2 id="ledger-heading">Ledger (${input.mode} mode)</h2>
${rows.length > 0 ? ledgerTable(rows) : html`<p>No entries${input.paged ? ' on this page' : ' yet'}.</p>`}
${pager(first, next, 'Older entries')}
${exportLinks(`Export the ${input.mode}-mode ledger`, (format) => `${paths.creditLedgerExport}?format=${format}`)}
</section>`,
  };
}
