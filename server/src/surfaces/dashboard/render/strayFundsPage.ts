import { getChain } from '@cairn/contract';
import { ATTACHABLE_KINDS } from '../../../domain/strayFunds/attachableStatuses.js';
import type { StrayCandidate, StrayFundsItem } from '../../../domain/strayFunds/listStrayFunds.js';
import { STRAY_NOTE_MAX } from '../../../domain/strayFunds/markStrayFundsRefunded.js';
import { type StrayFundsRow, strayDisplayAmount } from '../../../domain/strayFunds/strayFundsRow.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { csrfField, formatTime } from './forms.js';
import { emptyCard, pager } from './listControls.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';
import { explorerLink } from './paymentDetailPage.js';
import { coinName } from './tokenLabel.js';

/** What happened, in the merchant's words, per kind. */
const KIND_TEXT: Record<StrayFundsRow['kind'], string> = {
  other_coin:
    'Another coin reached a payment’s deposit address. It does not count toward that payment. The ' +
    'address is a forwarder that can only pay your treasury: Cairn’s next sweep of the chain moves ' +
    'it there, once it has the payment’s confirmations.',
  missing_tag:
    'A payment reached your account without the destination tag of an open payment. The money is in your account; no payment counted it.',
  missing_memo:
    'A payment reached your account without the memo of an open payment. The money is in your account; no payment counted it.',
  missing_reference: 'A transfer reached you without an open payment’s reference; no payment counted it.',
  check: 'A Check names your account: cash it to receive the money.',
  escrow: 'An Escrow names your account: finish it to receive the money.',
  claimable_balance:
    'A claimable balance names your account: the money waits on the ledger until you claim it (with a ' +
    'Stellar wallet that lists claimable balances). It counts toward no payment, and whoever else it ' +
    'names may claim it first.',
  locked: 'A locked transfer reached you; it counts for no payment until unlocked.',
};

const STATUS_TEXT: Record<StrayFundsRow['status'], string> = {
  open: 'Open',
  refunded: 'Marked refunded',
  attached: 'Attached to a payment',
};

/** Errors of a refused action, per stray row id. */
export interface StrayFormErrors {
  readonly id: string;
  readonly field: 'note' | 'payment_id';
  readonly message: string;
  readonly note?: string;
}

function candidateLabel(c: StrayCandidate, row: StrayFundsRow): string {
  const amount = c.lockedAmount
    ? `${strayDisplayAmount({ ...row, amount: c.lockedAmount })} ${row.coin_symbol}`
    : 'no amount yet';
  const order = c.orderId ? ` · order ${c.orderId}` : '';
  return `${c.likely ? 'Likely: ' : ''}${amount}${order} · ${c.id.slice(0, 8)} (${c.status.replaceAll('_', ' ')})`;
}

/** The payment a stray transfer reached or may belong to, as a link; or a dash. */
function paymentCell(paths: DashboardPaths, item: StrayFundsItem): SafeHtml | string {
  const { row, candidates } = item;
  if (row.attached_payment_id) {
    return html`Counted toward <a href="${paths.payment(row.attached_payment_id)}"><code>${row.attached_payment_id}</code></a>`;
  }
  if (row.payment_id) {
    return html`Reached the address of <a href="${paths.payment(row.payment_id)}"><code>${row.payment_id}</code></a>`;
  }
  const likely = candidates.find((c) => c.likely) ?? candidates[0];
  if (!likely) return 'No open payment on this chain and coin.';
  const why = likely.likely ? 'same amount and account, open' : 'open, same chain and coin';
  return html`May belong to <a href="${paths.payment(likely.id)}"><code>${likely.id}</code></a> <span class="muted">(${why})</span>`;
}

function refundForm(paths: DashboardPaths, csrf: string, row: StrayFundsRow, error?: StrayFormErrors) {
  const id = `note-${row.id}`;
  const invalid = error?.field === 'note';
  const message = invalid ? html`<p class="error-text" id="${id}-error">${error.message}</p>` : '';
  const described = invalid
    ? html` aria-describedby="${id}-hint ${id}-error" aria-invalid="true"`
    : html` aria-describedby="${id}-hint"`;
  return html`<form class="action" method="post" action="${paths.strayFundsAction(row.id, 'refunded')}">${csrfField(csrf)}
<div class="field"><label for="${id}">Refund note</label>
<input id="${id}" name="note" type="text" maxlength="${STRAY_NOTE_MAX}" required value="${invalid ? (error.note ?? '') : ''}"${described}>
<p class="hint" id="${id}-hint">Where the money went back, e.g. the refund’s transaction id.</p>${message}</div>
<div class="actions"><button type="submit" class="secondary">Mark refunded</button></div></form>`;
}

function attachForm(
  paths: DashboardPaths,
  csrf: string,
  item: StrayFundsItem,
  error?: StrayFormErrors,
): SafeHtml | '' {
  const { row, candidates } = item;
  if (!ATTACHABLE_KINDS.includes(row.kind) || row.removed) return '';
  if (candidates.length === 0) {
    return html`<p class="muted">No open ${row.coin_symbol} payment to attach it to.</p>`;
  }
  const id = `attach-${row.id}`;
  const invalid = error?.field === 'payment_id';
  const options = candidates.map((c) => html`<option value="${c.id}">${candidateLabel(c, row)}</option>`);
  const message = invalid ? html`<p class="error-text" id="${id}-error">${error.message}</p>` : '';
  return html`<form class="action" method="post" action="${paths.strayFundsAction(row.id, 'attach')}">${csrfField(csrf)}
<div class="field"><label for="${id}">Attach to an open payment</label>
<select id="${id}" name="payment_id"${invalid ? html` aria-describedby="${id}-error" aria-invalid="true"` : ''}>${options}</select>${message}</div>
<div class="actions"><button type="submit">Attach to payment</button></div></form>`;
}

/** Where another coin on a forwarder is: moved to the treasury, on its way, or waiting for a sweep. */
function sweepFact(explorer: string | undefined, item: StrayFundsItem): SafeHtml {
  const { sweep } = item;
  if (sweep?.status === 'confirmed')
    return html`<dt>Swept</dt><dd>To your treasury in ${explorerLink(explorer, sweep.txHash)}</dd>`;
  if (sweep?.status === 'sent')
    return html`<dt>Swept</dt><dd>On its way to your treasury: ${explorerLink(explorer, sweep.txHash)}</dd>`;
  return html`<dt>Swept</dt><dd>Not yet: the next sweep of the chain moves it to your treasury.</dd>`;
}

/** One stray transfer: amount, coin, chain, transaction, when, where, the payment, and its actions. */
function strayCard(
  paths: DashboardPaths,
  csrf: string,
  explorers: Readonly<Record<string, string | undefined>>,
  item: StrayFundsItem,
  error?: StrayFormErrors,
): SafeHtml {
  const { row } = item;
  const chain = getChain(row.chain_id)?.name ?? row.chain_id;
  const amount = `${strayDisplayAmount(row)} ${row.coin_symbol}`;
  // A transfer without an open payment's tag or memo says so; a Check or a claimable balance may carry
  // an open payment's own (it still counts for none).
  const unmatched = row.kind === 'missing_tag' || row.kind === 'missing_memo' ? ', no open payment’s' : '';
  const tag = row.tag ? html` <span class="muted">(tag or memo ${row.tag}${unmatched})</span>` : '';
  const removed = row.removed ? html` <span class="tag warn">left the chain</span>` : '';
  const actions =
    row.status === 'open'
      ? html`<div class="stray-actions">${attachForm(paths, csrf, item, error)}${refundForm(paths, csrf, row, error)}</div>`
      : '';
  const note = row.note ? html`<dt>Note</dt><dd>${row.note}</dd>` : '';
  const swept = row.kind === 'other_coin' && !row.removed ? sweepFact(explorers[row.chain_id], item) : '';
  const resolved = row.resolved_at ? html`<dt>Resolved</dt><dd>${formatTime(row.resolved_at)}</dd>` : '';
  return html`<article class="card delivery" aria-labelledby="s-${row.id}" data-stray="${row.id}">
<h2 id="s-${row.id}" class="delivery-head">${amount} on ${chain} <span class="tag">${STATUS_TEXT[row.status]}</span>${removed}</h2>
<p>${KIND_TEXT[row.kind]}</p>
<dl class="facts">
<dt>Amount</dt><dd>${amount}</dd>
<dt>Coin</dt><dd>${coinName(row.chain_id, row.coin_symbol)}</dd>
<dt>Chain</dt><dd>${chain}</dd>
<dt>Transaction</dt><dd>${explorerLink(explorers[row.chain_id], row.tx_id)}</dd>
<dt>Found</dt><dd>${formatTime(row.found_at)}</dd>
<dt>Reached</dt><dd><code>${row.address}</code>${tag}</dd>
<dt>Payment</dt><dd>${paymentCell(paths, item)}</dd>
${swept}${resolved}${note}
</dl>
${actions}
</article>`;
}

export function strayFundsPage(
  paths: DashboardPaths,
  csrf: string,
  input: {
    readonly items: readonly StrayFundsItem[];
    readonly explorers: Readonly<Record<string, string | undefined>>;
    readonly mode: string;
    /** A later page (the pager links back to the first). */
    readonly paged?: boolean;
    /** The last row's id when an older page follows. */
    readonly next?: string | null;
    readonly notice?: Notice;
    readonly error?: StrayFormErrors;
    readonly status?: number;
  },
): Page {
  const cards = input.items.map((item) =>
    strayCard(paths, csrf, input.explorers, item, input.error?.id === item.row.id ? input.error : undefined),
  );
  return {
    title: 'Stray funds',
    section: 'stray',
    ...(input.notice ? { notice: input.notice } : {}),
    ...(input.status ? { status: input.status } : {}),
    main: html`<h1>Stray funds</h1>
<p class="muted">Money that reached your ${input.mode}-mode deposit addresses or accounts without counting toward a
payment, newest first. Attach it to an open payment (it then counts as a top-up does) or mark it refunded once
you sent it back. Each one is also sent as <code>stray_funds.found</code>, and <code>stray_funds.resolved</code>
when resolved.</p>
${cards.length === 0 ? emptyCard(input.paged ? 'No older stray funds.' : 'No stray funds. Every transfer counted toward a payment.') : cards}
${pager(input.paged ? paths.strayFunds : null, input.next ? `${paths.strayFunds}?after=${encodeURIComponent(input.next)}` : null, 'Older stray funds')}`,
  };
}
