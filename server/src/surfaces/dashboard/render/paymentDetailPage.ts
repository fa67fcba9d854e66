import { formatUnits } from '@cairn/chain-core';
import { getChain, type Payment as PaymentBody } from '@cairn/contract';
import { formatPercent } from '../../../domain/businesses/paymentPreferences.js';
import type { PaymentSweep } from '../../../domain/payments/loadPaymentDetail.js';
import type { PaymentTimelineEntry } from '../../../domain/webhooks/loadPaymentTimeline.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, fieldError, formatTime } from './forms.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';
import { OPEN_STATUSES, statusBadge } from './paymentPages.js';
import { tableColumns, tableHead } from './tableParts.js';
import { coinName } from './tokenLabel.js';
import { transferPart } from './transferPart.js';

/** What the payment page shows beside the API object. */
export interface PaymentPageFacts {
  readonly payment: PaymentBody;
  readonly timeline: readonly PaymentTimelineEntry[];
  /** Block explorer link templates by chain id (`{tx_id}`). */
  readonly explorers: Readonly<Record<string, string | undefined>>;
  /** Confirmations the picked chain requires (null before a chain is picked). */
  readonly requiredConfirmations: number | null;
  /** The sweeps that moved the payment's forwarder to the treasury (EVM, TRON). */
  readonly sweeps?: readonly PaymentSweep[];
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
  'payment.reverted': 'Reverted: money left the chain (reorg or double-spend)',
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

/** A transaction id, linked to the chain's block explorer when one is configured (`{tx_id}`). */
export function explorerLink(template: string | undefined, txId: string): SafeHtml {
  if (!template) return html`<code>${txId}</code>`;
  const href = template.replaceAll('{tx_id}', encodeURIComponent(txId));
  const opens = html`<span class="visually-hidden-label"> (opens the block explorer)</span>`;
  return html`<a href="${href}" rel="noreferrer noopener" target="_blank"><code>${txId}</code>${opens}</a>`;
}

type PaymentOption = PaymentBody['chain_options'][number];
type PaymentTransfer = PaymentBody['transactions'][number];
type PaymentRefund = PaymentBody['refunds'][number];

const TRANSFERS = tableColumns('Transaction', 'Amount', 'Confirmations', 'State', 'Seen');
const SWEEPS = tableColumns('Transaction', 'State', 'When');
const REFUNDS = tableColumns('Transaction', 'Amount', 'Recorded');

/** One option the checkout offered: coin and chain (the picked one marked), amount and rate. */
function optionRow(p: PaymentBody, o: PaymentOption): SafeHtml {
  const picked = p.selected_chain_id === o.chain_id && p.selected_coin_symbol === o.coin_symbol;
  const tag = picked ? html` <span class="tag">picked</span>` : '';
  const coin = html`${coinName(o.chain_id, o.coin_symbol)} on ${getChain(o.chain_id)?.name ?? o.chain_id}${tag}`;
  const amount = html`<td class="num" data-label="Amount">${o.display_amount} ${o.coin_symbol}</td>`;
  const rate = html`<td class="num" data-label="Rate">${o.exchange_rate} ${p.fiat_currency}</td>`;
  const cells = html`<td data-label="Coin">${coin}</td>${amount}${rate}`;
  return html`<tr${picked ? html` class="picked"` : ''}>${cells}</tr>`;
}

/** A transfer's confirmations (of those required), or a dash once a reorg removed it. */
function confirmationsCell(t: PaymentTransfer, required: number | null): string {
  if (t.status === 'removed') return '—';
  return `${t.confirmations}${required !== null ? ` of ${required}` : ''}`;
}

/** A transfer's state, and whether it arrived after the payment closed. */
function transferStateCell(t: PaymentTransfer): SafeHtml {
  const state =
    t.status === 'removed' ? html`<span class="status failed">Removed by a reorg</span>` : t.status;
  return html`${state}${t.received_after_close ? html` <span class="tag warn">after close</span>` : ''}`;
}

/** One on-chain transfer to the payment: its transaction, amount, confirmations, state and when seen. */
function transferRow(facts: PaymentPageFacts, t: PaymentTransfer): SafeHtml {
  const part = transferPart(getChain(t.chain_id)?.family, t.output_index);
  const output = part ? html` <span class="muted">${part}</span>` : '';
  const tx = html`${explorerLink(facts.explorers[t.chain_id], t.tx_id)}${output}`;
  return TRANSFERS.row(
    tx,
    { num: coinAmount(t.amount, t.chain_id, t.coin_symbol) },
    { num: confirmationsCell(t, facts.requiredConfirmations) },
    transferStateCell(t),
    formatTime(t.detected_at),
  );
}

/** One sweep of the payment's forwarder to the treasury. */
function sweepRow(facts: PaymentPageFacts, chainId: string, sw: PaymentSweep): SafeHtml {
  const state =
    sw.status === 'confirmed'
      ? html`<span class="status confirmed">In your treasury</span>`
      : html`<span class="status pending">Sent, not mined yet</span>`;
  return SWEEPS.row(explorerLink(facts.explorers[chainId], sw.txHash), state, formatTime(sw.at));
}

/** One refund the merchant recorded. */
function refundRow(facts: PaymentPageFacts, r: PaymentRefund): SafeHtml {
  const tx = explorerLink(facts.explorers[r.chain_id], r.tx_id);
  return REFUNDS.row(tx, { num: coinAmount(r.amount, r.chain_id, r.coin_symbol) }, formatTime(r.created_at));
}

/** One event of the payment's history, with what became of its webhook. */
function timelineItem(e: PaymentTimelineEntry): SafeHtml {
  const name = html`<span class="event-name"><code>${e.event}</code></span>`;
  const when = html`<span class="muted">${formatTime(e.created_at)}</span>`;
  return html`<li><strong>${EVENT_LABELS[e.event] ?? e.event}</strong> ${when}<br>${name} · ${deliveryOutcome(e)}</li>`;
}

/** The payment's amounts as the page states them: received and due, in whole coins of the pick. */
function coinAmounts(p: PaymentBody) {
  const picked = p.selected_chain_id;
  return {
    received: coinAmount(p.amount_received, picked, p.selected_coin_symbol),
    due: coinAmount(p.amount_due, picked, p.selected_coin_symbol),
  };
}

/** Cancel: while no transaction has been seen. */
function cancelAction(paths: DashboardPaths, csrf: string, p: PaymentBody): SafeHtml {
  const button = buttonForm({
    action: paths.paymentAction(p.id, 'cancel'),
    csrf,
    label: 'Cancel payment',
    style: 'danger',
    confirm: 'Cancel this payment? It cannot be undone.',
  });
  const text =
    'No transaction has been seen yet: you can cancel this payment. The customer’s checkout then says so.';
  return html`<div class="action"><p>${text}</p>${button}</div>`;
}

/** Accept the shortfall: for an underpaid payment, confirmed as it is. */
function acceptShortfallAction(paths: DashboardPaths, csrf: string, p: PaymentBody): SafeHtml {
  const { received, due } = coinAmounts(p);
  const button = buttonForm({
    action: paths.paymentAction(p.id, 'accept-shortfall'),
    csrf,
    label: 'Accept shortfall and confirm',
    confirm: `Confirm this payment with ${due} missing?`,
  });
  const accept = 'Accept the shortfall to confirm the payment as it is (payment.confirmed is sent).';
  return html`<div class="action"><p>The customer paid ${received} of the amount; ${due} is missing. ${accept}</p>${button}</div>`;
}

const RECORD_AFTER_SENDING =
  'Send the refund from your wallet first, then record it here: ' +
  'the payment becomes Refunded and payment.refunded is sent.';

/** Record a refund the merchant sent: the transaction and the amount, in whole coins. */
function refundAction(paths: DashboardPaths, csrf: string, facts: PaymentPageFacts): SafeHtml {
  const p = facts.payment;
  const values = facts.refundForm?.values ?? {};
  const errors = facts.refundForm?.errors ?? {};
  const { received } = coinAmounts(p);
  const asked = p.refund_address
    ? html`The customer asked to be refunded to <code id="refund-address">${p.refund_address}</code>. `
    : '';
  const chainError = errors.chain_id ? html`<p class="error-text" role="alert">${errors.chain_id}</p>` : '';
  return html`<form class="action" method="post" action="${paths.paymentAction(p.id, 'refunds')}" novalidate>
${csrfField(csrf)}
<h3 id="refund-heading">Record a refund you sent</h3>
<p>${asked}${RECORD_AFTER_SENDING}</p>
<input type="hidden" name="chain_id" value="${values.chain_id ?? p.selected_chain_id ?? ''}">
<input type="hidden" name="coin_symbol" value="${values.coin_symbol ?? p.selected_coin_symbol ?? ''}">
${field({
  name: 'tx_id',
  label: 'Transaction id of the refund',
  required: true,
  value: values.tx_id ?? '',
  ...fieldError(errors, 'tx_id'),
})}
${field({
  name: 'amount',
  label: `Amount refunded (${p.selected_coin_symbol ?? 'coins'})`,
  required: true,
  value: values.amount ?? '',
  hint: `In whole coins, e.g. 0.015. At most what arrived: ${received}.`,
  ...fieldError(errors, 'amount'),
})}
${chainError}
<div class="actions"><button type="submit">Record refund</button></div>
</form>`;
}

/** What the merchant can do now: cancel, accept a shortfall, record a refund. */
function paymentActions(paths: DashboardPaths, csrf: string, facts: PaymentPageFacts): SafeHtml[] {
  const p = facts.payment;
  const actions: SafeHtml[] = [];
  if (p.status === 'pending' || p.status === 'awaiting_payment') actions.push(cancelAction(paths, csrf, p));
  if (p.status === 'underpaid') actions.push(acceptShortfallAction(paths, csrf, p));
  if (p.status === 'refund_requested' || p.amount_received_after_close !== '0')
    actions.push(refundAction(paths, csrf, facts));
  return actions;
}

/** The metadata the merchant's server attached, as a list, or a dash. */
function metadataCell(metadata: Readonly<Record<string, string>>): SafeHtml | string {
  const entries = Object.entries(metadata);
  if (entries.length === 0) return '—';
  return html`<ul class="metadata">${entries.map(([key, value]) => html`<li><code>${key}</code>: ${value}</li>`)}</ul>`;
}

/** The payment's details: ids, customer, dates, checkout, preferences, flags, refund address. */
function detailsSection(p: PaymentBody): SafeHtml {
  const optional = (label: string, value: SafeHtml | string | null | false) =>
    value ? html`<dt>${label}</dt><dd>${value}</dd>` : '';
  const cancelledBy = p.cancelled_by && (p.cancelled_by === 'merchant' ? 'You' : 'The customer');
  const asCreated = html` <span class="muted">(as when created)</span>`;
  const overpaid = p.overpaid ? html`<strong>Yes</strong>: more than the threshold arrived` : 'No';
  const revived = p.revived
    ? html`<strong>Yes</strong>: paid after it expired, so it no longer expires`
    : 'No';
  return html`<section class="card" aria-labelledby="facts-heading">
<h2 id="facts-heading">Details</h2>
<dl class="facts">
<dt>Payment id</dt><dd><code>${p.id}</code></dd>
<dt>Order id</dt><dd>${p.order_id ?? '—'}</dd>
<dt>Description</dt><dd>${p.description ?? '—'}</dd>
<dt>Customer email</dt><dd>${p.customer_email ?? '—'}</dd>
<dt>Created</dt><dd>${formatTime(p.created_at)}</dd>
<dt>Expires</dt><dd>${formatTime(p.expires_at)}</dd>
${optional('Confirmed', p.confirmed_at && formatTime(p.confirmed_at))}
${optional('Cancelled by', cancelledBy)}
${optional('Failure', p.failure_reason && html`<code>${p.failure_reason}</code>`)}
<dt>Checkout</dt><dd><a href="${p.checkout_url}">${p.checkout_url}</a></dd>
<dt>Underpayment tolerance</dt><dd>${formatPercent(p.underpayment_tolerance_bps)}${asCreated}</dd>
<dt>Overpayment threshold</dt><dd>${formatPercent(p.overpayment_threshold_bps)}${asCreated}</dd>
<dt>Overpaid</dt><dd>${overpaid}</dd>
<dt>Revived</dt><dd>${revived}</dd>
<dt>Refund address</dt><dd>${p.refund_address ? html`<code>${p.refund_address}</code>` : '—'}</dd>
<dt>Metadata</dt><dd>${metadataCell(p.metadata)}</dd>
</dl>
</section>`;
}

/** The amounts: price, the coin paying it, deposit address, received and due, and the options. */
function amountsSection(p: PaymentBody): SafeHtml {
  const picked = p.selected_chain_id;
  const chain = picked ? getChain(picked) : undefined;
  const { received, due } = coinAmounts(p);
  const address = p.chain_options.find(
    (o) => o.chain_id === picked && o.coin_symbol === p.selected_coin_symbol,
  );
  const deposit = picked
    ? html`<dt>Deposit address</dt><dd><code id="deposit-address">${address?.address ?? ''}</code></dd>`
    : '';
  const amounts = picked
    ? html`<dt>Received</dt><dd id="amount-received">${received}</dd><dt>Due</dt><dd id="amount-due">${due}</dd>`
    : '';
  const late =
    p.amount_received_after_close !== '0'
      ? html`<dt>Received after close</dt><dd>${coinAmount(p.amount_received_after_close, picked, p.selected_coin_symbol)}</dd>`
      : '';
  const locked = formatTime(p.chain_options[0]?.exchange_rate_locked_at);
  return html`<section class="card" aria-labelledby="amounts-heading">
<h2 id="amounts-heading">Amounts</h2>
<dl class="facts">
<dt>Price</dt><dd>${formatFiat(p.fiat_amount, p.fiat_currency, 'en-US')}</dd>
<dt>Paying with</dt><dd>${chain ? `${coinName(p.selected_chain_id, p.selected_coin_symbol ?? '')} on ${chain.name}` : 'Not picked yet'}</dd>
${deposit}
${amounts}
${late}
</dl>
<div class="table-wrap" tabindex="0"><table><caption>Options offered (rate locked ${locked})</caption>
${tableHead('Coin', 'Amount', 'Rate')}<tbody>${p.chain_options.map((o) => optionRow(p, o))}</tbody></table></div>
</section>`;
}

/** The transfers seen on chain, and the refunds recorded. */
function transfersSection(facts: PaymentPageFacts): SafeHtml {
  const p = facts.payment;
  const transfers = p.transactions.map((t) => transferRow(facts, t));
  const refunds = p.refunds.map((r) => refundRow(facts, r));
  const transfersHead = TRANSFERS.head;
  const transfersTable =
    transfers.length > 0
      ? html`<div class="table-wrap" tabindex="0"><table>${transfersHead}<tbody>${transfers}</tbody></table></div>`
      : html`<p>None yet.</p>`;
  const sweeps = facts.sweeps ?? [];
  const sweepsTable =
    sweeps.length > 0 && p.selected_chain_id
      ? html`<h3>Swept to your treasury</h3><div class="table-wrap" tabindex="0"><table>${SWEEPS.head}<tbody>${sweeps.map(
          (sw) => sweepRow(facts, p.selected_chain_id!, sw),
        )}</tbody></table></div>`
      : '';
  const refundsHead = REFUNDS.head;
  const refundsTable =
    refunds.length > 0
      ? html`<h3>Refunds you recorded</h3><div class="table-wrap" tabindex="0"><table>${refundsHead}<tbody>${refunds}</tbody></table></div>`
      : '';
  return html`<section class="card" aria-labelledby="transfers-heading">
<h2 id="transfers-heading">On-chain transfers</h2>
${transfersTable}
${sweepsTable}
${refundsTable}
</section>`;
}

/** The paragraph an open payment's script fills with its live status (empty once it is closed). */
function liveStatus(paths: DashboardPaths, p: PaymentBody): SafeHtml {
  if (!OPEN_STATUSES.has(p.status)) return html`<p class="live-status muted" aria-live="polite"></p>`;
  const follow = html` data-live-status="${paths.paymentStatus(p.id)}" data-page="${paths.payment(p.id)}"`;
  const now = html` data-status-now="${p.status}" data-updated-at="${p.updated_at}"`;
  const text = 'This page follows the payment: it updates by itself when the payment changes.';
  return html`<p class="live-status muted" aria-live="polite"${follow}${now}>${text}</p>`;
}

export function paymentPage(paths: DashboardPaths, csrf: string, facts: PaymentPageFacts): Page {
  const p = facts.payment;
  const actions = paymentActions(paths, csrf, facts);
  const created = html`<li><strong>Created</strong> <span class="muted">${formatTime(p.created_at)}</span></li>`;
  const heading = html`<h2 id="actions-heading">What you can do</h2>`;
  const whatYouCanDo = html`<section class="card attention" aria-labelledby="actions-heading">${heading}${actions}</section>`;
  return {
    title: `Payment ${p.order_id ?? p.id.slice(0, 8)}`,
    section: 'payments',
    ...(facts.notice ? { notice: facts.notice } : {}),
    ...(facts.status ? { status: facts.status } : {}),
    main: html`<p><a href="${paths.payments}">← Payments</a></p>
<h1>${formatFiat(p.fiat_amount, p.fiat_currency, 'en-US')} ${statusBadge(p.status, 'payment-status')}</h1>
${liveStatus(paths, p)}
${actions.length > 0 ? whatYouCanDo : ''}
<div class="two-col">
${detailsSection(p)}
${amountsSection(p)}
</div>
${transfersSection(facts)}
<section class="card" aria-labelledby="timeline-heading">
<h2 id="timeline-heading">Timeline</h2>
<ol class="timeline">${created}${facts.timeline.map(timelineItem)}</ol>
<p><a href="${paths.webhooks}?payment=${p.id}">Webhook deliveries of this payment</a></p>
</section>`,
  };
}
