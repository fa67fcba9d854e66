import {
  type CreditOutlook,
  LOW_CREDIT_DAYS,
  LOW_CREDIT_FLOOR_USD,
} from '../../../domain/credit/creditOutlook.js';
import type { CreditLedgerLine } from '../../../domain/credit/listCreditLedger.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { formatTime } from './forms.js';
import type { Page } from './Page.js';

const KIND_LABELS: Readonly<Record<CreditLedgerLine['kind'], string>> = {
  grant: 'Sign-up grant',
  fee: 'Platform fee',
  fee_reversal: 'Fee returned (reorg)',
  top_up: 'Top-up',
  adjustment: 'Adjustment by the operator',
};

function reserve(outlook: CreditOutlook, current: boolean): SafeHtml {
  const balance = formatFiat(outlook.balanceUsd, 'USD', 'en-US');
  const state =
    outlook.state === 'exhausted'
      ? html`<p class="notice error">Used up: new ${outlook.mode}-mode payments are refused (402 INSUFFICIENT_CREDIT) until it is topped up. Payments already created still confirm.</p>`
      : outlook.state === 'low'
        ? html`<p class="notice warn">Running low: ${formatFiat(outlook.recentFeesUsd, 'USD', 'en-US')} of fees in the last ${LOW_CREDIT_DAYS} days. Top it up before it runs out.</p>`
        : '';
  return html`<div class="figure card"><span class="muted">${outlook.mode === 'test' ? 'Test' : 'Live'} reserve${current ? ' (shown below)' : ''}</span>
<strong id="credit-${outlook.mode}">${balance}</strong>
<span>${formatFiat(outlook.recentFeesUsd, 'USD', 'en-US')} in fees, last ${LOW_CREDIT_DAYS} days</span>
${state}
${current ? '' : html`<span class="muted">Switch to ${outlook.mode} mode to see its ledger.</span>`}
</div>`;
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
  const rows = input.lines.map((line) => {
    const negative = line.amountUsd.startsWith('-');
    const amount = formatFiat(negative ? line.amountUsd.slice(1) : line.amountUsd, 'USD', 'en-US');
    return html`<tr><td>${formatTime(line.createdAt)}</td><td>${KIND_LABELS[line.kind]}</td><td>${line.paymentId ? html`<a href="${paths.payment(line.paymentId)}">Payment ${line.paymentId.slice(0, 8)}</a>` : '—'}</td><td class="num">${negative ? html`<span class="debit">−${amount}</span>` : html`+${amount}`}</td></tr>`;
  });
  return {
    title: 'Prepaid Credit',
    section: 'credit',
    main: html`<h1>Prepaid Credit</h1>
<p>Platform fees are paid from a prepaid reserve when a payment confirms; test and live mode have one each. A payment is never held back once created, but while a reserve is used up new payments in its mode are refused. You are warned when a reserve is under ${formatFiat(LOW_CREDIT_FLOOR_USD, 'USD', 'en-US')} or under its last ${LOW_CREDIT_DAYS} days of fees.</p>
<div class="figures">${input.reserves.map((r) => reserve(r, r.mode === input.mode))}</div>
<section class="card" aria-labelledby="topup-heading">
<h2 id="topup-heading">How to top up</h2>
<p>Top-ups are made by the operator of this gateway. Send them your business id and the amount; they run:</p>
<pre class="body" tabindex="0"><code>cairn credit:top-up --business ${input.businessId} --mode ${input.mode} --usd 50</code></pre>
<p class="muted">The top-up shows here at once, as a line of the ledger.</p>
</section>
<section class="card" aria-labelledby="ledger-heading">
<h2 id="ledger-heading">Ledger (${input.mode} mode)</h2>
${
  rows.length > 0
    ? html`<div class="table-wrap" tabindex="0"><table><caption class="visually-hidden-label">Prepaid Credit ledger, newest first</caption><thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Payment</th><th scope="col">Amount</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>No entries${input.paged ? ' on this page' : ' yet'}.</p>`
}
<nav class="pager" aria-label="Pages">${input.paged ? html`<a href="${paths.credit}">First page</a>` : ''}${input.next ? html`<a rel="next" href="${paths.credit}?before=${input.next}">Older entries</a>` : ''}</nav>
</section>`,
  };
}
