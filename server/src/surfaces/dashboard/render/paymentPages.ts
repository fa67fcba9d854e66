import { formatUnits } from '@cairn/chain-core';
import {
  getChain,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type Payment as PaymentBody,
  type PaymentStatus,
} from '@cairn/contract';
import { formatPercent } from '../../../domain/businesses/paymentPreferences.js';
import type { PaymentListPage } from '../../../domain/payments/searchPayments.js';
import type { PaymentTimelineEntry } from '../../../domain/webhooks/loadPaymentTimeline.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, formatTime } from './forms.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';

/** The list's filters as the form holds them (strings as typed). */
export interface PaymentFilters {
  readonly statuses: readonly PaymentStatus[];
  readonly q: string;
  readonly from: string;
  readonly to: string;
}

/** Statuses a payment can still change from on its own (the page refreshes its status while open). */
export const OPEN_STATUSES: ReadonlySet<PaymentStatus> = new Set([
  'pending',
  'awaiting_payment',
  'payment_detected',
  'confirming',
  'underpaid',
  'refund_requested',
  'expired',
  'expired_underpaid',
]);

/** A status badge with its dashboard label (docs/lifecycle.md); the API string rides along for tests and scripts. */
export function statusBadge(status: PaymentStatus, id?: string): SafeHtml {
  return html`<span class="pay-status ${status}"${id ? html` id="${id}"` : ''} data-status="${status}">${PAYMENT_STATUS_LABELS[status]}</span>`;
}

function filterQuery(filters: PaymentFilters, after?: string): string {
  const query = new URLSearchParams();
  for (const status of filters.statuses) query.append('status', status);
  if (filters.q) query.set('q', filters.q);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (after) query.set('after', after);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function paymentsListPage(
  paths: DashboardPaths,
  input: {
    readonly filters: PaymentFilters;
    readonly errors: Readonly<Record<string, string>>;
    readonly page: PaymentListPage;
    readonly paged: boolean;
    readonly mode: string;
  },
): Page {
  const { filters, page, errors } = input;
  const statusOptions = PAYMENT_STATUSES.map(
    (status) =>
      html`<label class="check"><input type="checkbox" name="status" value="${status}"${filters.statuses.includes(status) ? html` checked` : ''}> ${PAYMENT_STATUS_LABELS[status]}</label>`,
  );
  const rows = page.rows.map(
    (row) => html`<tr>
<td><a href="${paths.payment(row.id)}">${formatTime(row.created_at)}</a></td>
<td>${statusBadge(row.status)}${row.overpaid ? html` <span class="tag warn">overpaid</span>` : ''}${row.revived ? html` <span class="tag">revived</span>` : ''}</td>
<td class="num">${formatFiat(row.fiat_amount, row.fiat_currency, 'en-US')}</td>
<td>${row.order_id ?? '—'}</td>
<td>${row.customer_email ?? '—'}</td>
<td>${row.selected_chain_id ? `${row.selected_coin_symbol} on ${getChain(row.selected_chain_id)?.name ?? row.selected_chain_id}` : '—'}</td>
</tr>`,
  );
  const anyFilter = filters.statuses.length > 0 || filters.q || filters.from || filters.to;
  return {
    title: 'Payments',
    section: 'payments',
    ...(Object.keys(errors).length > 0 ? { status: 422 } : {}),
    main: html`<h1>Payments</h1>
<form class="card filters" method="get" action="${paths.payments}" role="search" aria-label="Filter payments">
${field({ name: 'q', label: 'Search', value: filters.q, hint: 'A payment id, a customer email or your order id.', ...(errors.q ? { error: errors.q } : {}) })}
<div class="field-row">
${field({ name: 'from', label: 'Created from', type: 'date', value: filters.from, hint: 'UTC, inclusive.', ...(errors.from ? { error: errors.from } : {}) })}
${field({ name: 'to', label: 'Created to', type: 'date', value: filters.to, hint: 'UTC, inclusive.', ...(errors.to ? { error: errors.to } : {}) })}
</div>
<details${filters.statuses.length > 0 ? html` open` : ''}><summary>Status${filters.statuses.length > 0 ? ` (${filters.statuses.length} chosen)` : ''}</summary>
<fieldset class="statuses"><legend class="visually-hidden-label">Show payments with these statuses</legend>${statusOptions}</fieldset>
</details>
<div class="actions"><button type="submit">Show payments</button>${anyFilter ? html` <a class="button secondary" href="${paths.payments}">Clear filters</a>` : ''}</div>
</form>
${
  page.rows.length === 0
    ? html`<div class="card"><p>${anyFilter || input.paged ? 'No payments match.' : html`No ${input.mode}-mode payments yet. Your server creates them with an API key.`}</p></div>`
    : html`<div class="card table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">${input.mode === 'test' ? 'Test' : 'Live'}-mode payments, newest first</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Order</th><th scope="col">Customer</th><th scope="col">Paid with</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
<nav class="pager" aria-label="Pages">${input.paged ? html`<a href="${paths.payments}${filterQuery(filters)}">First page</a>` : ''}${page.next ? html`<a rel="next" href="${paths.payments}${filterQuery(filters, page.next)}">Older payments</a>` : ''}</nav>`,
  };
}

/** What the payment page shows beside the API object. */
export interface PaymentPageFacts {
  readonly payment: PaymentBody;
  readonly timeline: readonly PaymentTimelineEntry[];
  /** Block explorer link templates by chain id (`{tx_id}`). */
  readonly explorers: Readonly<Record<string, string | undefined>>;
  /** Confirmations the picked chain requires (null before a chain is picked). */
  readonly requiredConfirmations: number | null;
  readonly notice?: Notice;
  readonly refundForm?: { values: Record<string, string>; errors: Record<string, string> };
  readonly status?: number;
}

const EVENT_LABELS: Readonly<Record<string, string>> = {
  'payment.awaiting': 'Chain picked: awaiting payment',
  'payment.detected': 'Payment detected',
  'payment.confirming': 'Confirming',
  'payment.confirmed': 'Confirmed',
  'payment.overpaid': 'Overpaid',
  'payment.underpaid': 'Underpaid',
  'payment.refund_requested': 'Refund requested',
  'payment.refunded': 'Refunded',
  'payment.cancelled': 'Cancelled',
  'payment.expired': 'Expired',
  'payment.expired_underpaid': 'Expired (underpaid)',
  'payment.expired_reorged': 'Expired (reorg)',
  'payment.failed': 'Failed',
  'payment.received_after_close': 'Funds received after close',
};

function deliveryOutcome(entry: PaymentTimelineEntry): SafeHtml | string {
  if (!entry.delivery_id || !entry.delivery_status) return 'No webhook (no endpoint set)';
  if (entry.parked) return 'Webhook waiting for an earlier event of this payment';
  const code = entry.last_status_code ? ` (HTTP ${entry.last_status_code})` : '';
  const attempts = `${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}`;
  switch (entry.delivery_status) {
    case 'delivered':
      return html`<span class="status delivered">Webhook delivered</span>${code}, ${attempts}`;
    case 'pending':
      return html`<span class="status pending">Webhook retrying</span>${code}, ${attempts}, next ${formatTime(entry.next_attempt_at)}`;
    case 'failed':
      return html`<span class="status failed">Webhook failed</span>${code}, ${attempts}`;
    default:
      return html`<span class="status failed">Webhook gave up</span>${code}, ${attempts}`;
  }
}

function coinAmount(amount: string, chainId: string | null, symbol: string | null): string {
  const coin = getChain(chainId ?? '')?.coins.find((c) => c.symbol === symbol);
  return coin ? `${formatUnits(BigInt(amount), coin.decimals)} ${symbol}` : `${amount} (smallest units)`;
}

function explorerLink(template: string | undefined, txId: string): SafeHtml {
  if (!template) return html`<code>${txId}</code>`;
  return html`<a href="${template.replaceAll('{tx_id}', encodeURIComponent(txId))}" rel="noreferrer noopener" target="_blank"><code>${txId}</code><span class="visually-hidden-label"> (opens the block explorer)</span></a>`;
}

export function paymentPage(paths: DashboardPaths, csrf: string, facts: PaymentPageFacts): Page {
  const p = facts.payment;
  const picked = p.selected_chain_id;
  const chain = picked ? getChain(picked) : undefined;
  const received = coinAmount(p.amount_received, picked, p.selected_coin_symbol);
  const due = coinAmount(p.amount_due, picked, p.selected_coin_symbol);
  const open = OPEN_STATUSES.has(p.status);
  const options = p.chain_options.map(
    (o) =>
      html`<tr${picked === o.chain_id && p.selected_coin_symbol === o.coin_symbol ? html` class="picked"` : ''}><td>${o.coin_symbol} on ${getChain(o.chain_id)?.name ?? o.chain_id}${picked === o.chain_id && p.selected_coin_symbol === o.coin_symbol ? html` <span class="tag">picked</span>` : ''}</td><td class="num">${o.display_amount} ${o.coin_symbol}</td><td class="num">${o.exchange_rate} ${p.fiat_currency}</td></tr>`,
  );
  const transfers = p.transactions.map(
    (t) =>
      html`<tr><td>${explorerLink(facts.explorers[t.chain_id], t.tx_id)}${t.output_index !== null ? html` <span class="muted">output ${t.output_index}</span>` : ''}</td><td class="num">${coinAmount(t.amount, t.chain_id, t.coin_symbol)}</td><td class="num">${t.status === 'removed' ? '—' : `${t.confirmations}${facts.requiredConfirmations !== null ? ` of ${facts.requiredConfirmations}` : ''}`}</td><td>${t.status === 'removed' ? html`<span class="status failed">Removed by a reorg</span>` : t.status}${t.received_after_close ? html` <span class="tag warn">after close</span>` : ''}</td><td>${formatTime(t.detected_at)}</td></tr>`,
  );
  const refunds = p.refunds.map(
    (r) =>
      html`<tr><td>${explorerLink(facts.explorers[r.chain_id], r.tx_id)}</td><td class="num">${coinAmount(r.amount, r.chain_id, r.coin_symbol)}</td><td>${formatTime(r.created_at)}</td></tr>`,
  );
  const timeline = [
    html`<li><strong>Created</strong> <span class="muted">${formatTime(p.created_at)}</span></li>`,
    ...facts.timeline.map(
      (e) =>
        html`<li><strong>${EVENT_LABELS[e.event] ?? e.event}</strong> <span class="muted">${formatTime(e.created_at)}</span><br><span class="event-name"><code>${e.event}</code></span> · ${deliveryOutcome(e)}</li>`,
    ),
  ];
  const cancellable = p.status === 'pending' || p.status === 'awaiting_payment';
  const canRefund = p.status === 'refund_requested' || p.amount_received_after_close !== '0';
  const refundValues = facts.refundForm?.values ?? {};
  const refundErrors = facts.refundForm?.errors ?? {};
  const actions: SafeHtml[] = [];
  if (cancellable)
    actions.push(
      html`<div class="action"><p>No transaction has been seen yet: you can cancel this payment. The customer’s checkout then says so.</p>${buttonForm({ action: paths.paymentAction(p.id, 'cancel'), csrf, label: 'Cancel payment', style: 'danger', confirm: 'Cancel this payment? It cannot be undone.' })}</div>`,
    );
  if (p.status === 'underpaid')
    actions.push(
      html`<div class="action"><p>The customer paid ${received} of the amount; ${due} is missing. Accept the shortfall to confirm the payment as it is (payment.confirmed is sent).</p>${buttonForm({ action: paths.paymentAction(p.id, 'accept-shortfall'), csrf, label: 'Accept shortfall and confirm', confirm: `Confirm this payment with ${due} missing?` })}</div>`,
    );
  if (canRefund)
    actions.push(html`<form class="action" method="post" action="${paths.paymentAction(p.id, 'refunds')}" novalidate>
${csrfField(csrf)}
<h3 id="refund-heading">Record a refund you sent</h3>
<p>${p.refund_address ? html`The customer asked to be refunded to <code id="refund-address">${p.refund_address}</code>. ` : ''}Send the refund from your wallet first, then record it here: the payment becomes Refunded and payment.refunded is sent.</p>
<input type="hidden" name="chain_id" value="${refundValues.chain_id ?? picked ?? ''}">
<input type="hidden" name="coin_symbol" value="${refundValues.coin_symbol ?? p.selected_coin_symbol ?? ''}">
${field({ name: 'tx_id', label: 'Transaction id of the refund', required: true, value: refundValues.tx_id ?? '', ...(refundErrors.tx_id ? { error: refundErrors.tx_id } : {}) })}
${field({ name: 'amount', label: `Amount refunded (${p.selected_coin_symbol ?? 'coins'})`, required: true, value: refundValues.amount ?? '', hint: `In whole coins, e.g. 0.015. At most what arrived: ${received}.`, ...(refundErrors.amount ? { error: refundErrors.amount } : {}) })}
${refundErrors.chain_id ? html`<p class="error-text" role="alert">${refundErrors.chain_id}</p>` : ''}
<div class="actions"><button type="submit">Record refund</button></div>
</form>`);

  return {
    title: `Payment ${p.order_id ?? p.id.slice(0, 8)}`,
    section: 'payments',
    ...(facts.notice ? { notice: facts.notice } : {}),
    ...(facts.status ? { status: facts.status } : {}),
    main: html`<p><a href="${paths.payments}">← Payments</a></p>
<h1>${formatFiat(p.fiat_amount, p.fiat_currency, 'en-US')} ${statusBadge(p.status, 'payment-status')}</h1>
<p class="live-status muted" aria-live="polite"${open ? html` data-live-status="${paths.paymentStatus(p.id)}" data-page="${paths.payment(p.id)}" data-status-now="${p.status}" data-updated-at="${p.updated_at}"` : ''}>${open ? 'This page follows the payment: it updates by itself when the payment changes.' : ''}</p>
${actions.length > 0 ? html`<section class="card attention" aria-labelledby="actions-heading"><h2 id="actions-heading">What you can do</h2>${actions}</section>` : ''}
<div class="two-col">
<section class="card" aria-labelledby="facts-heading">
<h2 id="facts-heading">Details</h2>
<dl class="facts">
<dt>Payment id</dt><dd><code>${p.id}</code></dd>
<dt>Order id</dt><dd>${p.order_id ?? '—'}</dd>
<dt>Description</dt><dd>${p.description ?? '—'}</dd>
<dt>Customer email</dt><dd>${p.customer_email ?? '—'}</dd>
<dt>Created</dt><dd>${formatTime(p.created_at)}</dd>
<dt>Expires</dt><dd>${formatTime(p.expires_at)}</dd>
${p.confirmed_at ? html`<dt>Confirmed</dt><dd>${formatTime(p.confirmed_at)}</dd>` : ''}
${p.cancelled_by ? html`<dt>Cancelled by</dt><dd>${p.cancelled_by === 'merchant' ? 'You' : 'The customer'}</dd>` : ''}
${p.failure_reason ? html`<dt>Failure</dt><dd><code>${p.failure_reason}</code></dd>` : ''}
<dt>Checkout</dt><dd><a href="${p.checkout_url}">${p.checkout_url}</a></dd>
<dt>Underpayment tolerance</dt><dd>${formatPercent(p.underpayment_tolerance_bps)} <span class="muted">(as when created)</span></dd>
<dt>Overpayment threshold</dt><dd>${formatPercent(p.overpayment_threshold_bps)} <span class="muted">(as when created)</span></dd>
<dt>Overpaid</dt><dd>${p.overpaid ? html`<strong>Yes</strong>: more than the threshold arrived` : 'No'}</dd>
<dt>Revived</dt><dd>${p.revived ? html`<strong>Yes</strong>: paid after it expired, so it no longer expires` : 'No'}</dd>
<dt>Refund address</dt><dd>${p.refund_address ? html`<code>${p.refund_address}</code>` : '—'}</dd>
<dt>Metadata</dt><dd>${
      Object.keys(p.metadata).length > 0
        ? html`<ul class="metadata">${Object.entries(p.metadata).map(([key, value]) => html`<li><code>${key}</code>: ${value}</li>`)}</ul>`
        : '—'
    }</dd>
</dl>
</section>
<section class="card" aria-labelledby="amounts-heading">
<h2 id="amounts-heading">Amounts</h2>
<dl class="facts">
<dt>Price</dt><dd>${formatFiat(p.fiat_amount, p.fiat_currency, 'en-US')}</dd>
<dt>Paying with</dt><dd>${chain ? `${p.selected_coin_symbol} on ${chain.name}` : 'Not picked yet'}</dd>
${picked ? html`<dt>Deposit address</dt><dd><code id="deposit-address">${p.chain_options.find((o) => o.chain_id === picked && o.coin_symbol === p.selected_coin_symbol)?.address ?? ''}</code></dd>` : ''}
${picked ? html`<dt>Received</dt><dd id="amount-received">${received}</dd><dt>Due</dt><dd id="amount-due">${due}</dd>` : ''}
${p.amount_received_after_close !== '0' ? html`<dt>Received after close</dt><dd>${coinAmount(p.amount_received_after_close, picked, p.selected_coin_symbol)}</dd>` : ''}
</dl>
<div class="table-wrap" tabindex="0"><table><caption>Options offered (rate locked ${formatTime(p.chain_options[0]?.exchange_rate_locked_at)})</caption>
<thead><tr><th scope="col">Coin</th><th scope="col">Amount</th><th scope="col">Rate</th></tr></thead><tbody>${options}</tbody></table></div>
</section>
</div>
<section class="card" aria-labelledby="transfers-heading">
<h2 id="transfers-heading">On-chain transfers</h2>
${transfers.length > 0 ? html`<div class="table-wrap" tabindex="0"><table><thead><tr><th scope="col">Transaction</th><th scope="col">Amount</th><th scope="col">Confirmations</th><th scope="col">State</th><th scope="col">Seen</th></tr></thead><tbody>${transfers}</tbody></table></div>` : html`<p>None yet.</p>`}
${refunds.length > 0 ? html`<h3>Refunds you recorded</h3><div class="table-wrap" tabindex="0"><table><thead><tr><th scope="col">Transaction</th><th scope="col">Amount</th><th scope="col">Recorded</th></tr></thead><tbody>${refunds}</tbody></table></div>` : ''}
</section>
<section class="card" aria-labelledby="timeline-heading">
<h2 id="timeline-heading">Timeline</h2>
<ol class="timeline">${timeline}</ol>
<p><a href="${paths.webhooks}?payment=${p.id}">Webhook deliveries of this payment</a></p>
</section>`,
  };
}
