import {
  type ExportFormat,
  getChain,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@cairn/contract';
import type { PaymentListPage, PaymentListRow } from '../../../domain/payments/searchPayments.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { exportLinks } from './exportLinks.js';
import { field, fieldError, formatTime } from './forms.js';
import { emptyCard, filterButtons, pager } from './listControls.js';
import type { Page } from './Page.js';
import { tableHead } from './tableParts.js';
import { coinName } from './tokenLabel.js';

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
  const idAttribute = id ? html` id="${id}"` : '';
  return html`<span class="pay-status ${status}"${idAttribute} data-status="${status}">${PAYMENT_STATUS_LABELS[status]}</span>`;
}

function filterQuery(filters: PaymentFilters, after?: string, format?: ExportFormat): string {
  const query = new URLSearchParams();
  if (format) query.set('format', format);
  for (const status of filters.statuses) query.append('status', status);
  if (filters.q) query.set('q', filters.q);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (after) query.set('after', after);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The list's exports: every payment the current filters select (all pages), of this business and
 * mode, as a file.
 */
const paymentExportLinks = (paths: DashboardPaths, filters: PaymentFilters): SafeHtml =>
  exportLinks(
    'Export these payments',
    (format) => `${paths.paymentsExport}${filterQuery(filters, undefined, format)}`,
  );

/** A payment's status badge and its tags (overpaid, revived). */
function statusCell(row: PaymentListRow): SafeHtml {
  const overpaid = row.overpaid ? html` <span class="tag warn">overpaid</span>` : '';
  const revived = row.revived ? html` <span class="tag">revived</span>` : '';
  return html`${statusBadge(row.status)}${overpaid}${revived}`;
}

/** The coin and chain a payment was paid with, or a dash before a chain was picked. */
function paidWithCell(row: PaymentListRow): string {
  if (!row.selected_chain_id) return '—';
  return `${coinName(row.selected_chain_id, row.selected_coin_symbol ?? '')} on ${getChain(row.selected_chain_id)?.name ?? row.selected_chain_id}`;
}

/** One payment: when (linking to its page), status, amount, order, customer and coin. */
function paymentRow(paths: DashboardPaths, row: PaymentListRow): SafeHtml {
  return html`<tr>
<td data-label="Created"><a href="${paths.payment(row.id)}">${formatTime(row.created_at)}</a></td>
<td data-label="Status">${statusCell(row)}</td>
<td class="num" data-label="Amount">${formatFiat(row.fiat_amount, row.fiat_currency, 'en-US')}</td>
<td data-label="Order">${row.order_id ?? '—'}</td>
<td data-label="Customer">${row.customer_email ?? '—'}</td>
<td data-label="Paid with">${paidWithCell(row)}</td>
</tr>`;
}

function paymentsTable(mode: string, rows: readonly SafeHtml[]): SafeHtml {
  return html`<div class="card table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">${mode === 'test' ? 'Test' : 'Live'}-mode payments, newest first</caption>
${tableHead('Created', 'Status', 'Amount', 'Order', 'Customer', 'Paid with')}
<tbody>${rows}</tbody></table></div>`;
}

/** The status filter: a checkbox per status (with its dashboard label), folded away unless used. */
function statusFilter(filters: PaymentFilters): SafeHtml {
  const chosen = filters.statuses.length;
  const option = (status: PaymentStatus) => {
    const checked = filters.statuses.includes(status) ? html` checked` : '';
    const box = html`<input type="checkbox" name="status" value="${status}"${checked}>`;
    return html`<label class="check">${box} ${PAYMENT_STATUS_LABELS[status]}</label>`;
  };
  const legend = html`<legend class="visually-hidden-label">Show payments with these statuses</legend>`;
  return html`<details${chosen > 0 ? html` open` : ''}><summary>Status${chosen > 0 ? ` (${chosen} chosen)` : ''}</summary>
<fieldset class="statuses">${legend}${PAYMENT_STATUSES.map(option)}</fieldset>
</details>`;
}

/** One end of the created range: a UTC day, inclusive. */
function dayField(
  name: 'from' | 'to',
  label: string,
  value: string,
  errors: Readonly<Record<string, string>>,
) {
  return field({ name, label, type: 'date', value, hint: 'UTC, inclusive.', ...fieldError(errors, name) });
}

/** The search box and the created range (UTC days, inclusive). */
function searchFields(filters: PaymentFilters, errors: Readonly<Record<string, string>>): SafeHtml {
  return html`${field({
    name: 'q',
    label: 'Search',
    value: filters.q,
    hint: 'A payment id, a customer email or your order id.',
    ...fieldError(errors, 'q'),
  })}
<div class="field-row">
${dayField('from', 'Created from', filters.from, errors)}
${dayField('to', 'Created to', filters.to, errors)}
</div>`;
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
  const rows = page.rows.map((row) => paymentRow(paths, row));
  const anyFilter = filters.statuses.length > 0 || filters.q || filters.from || filters.to;
  const none =
    anyFilter || input.paged
      ? 'No payments match.'
      : html`No ${input.mode}-mode payments yet. Your server creates them with an API key.`;
  const first = input.paged ? `${paths.payments}${filterQuery(filters)}` : null;
  const next = page.next ? `${paths.payments}${filterQuery(filters, page.next)}` : null;
  return {
    title: 'Payments',
    section: 'payments',
    ...(Object.keys(errors).length > 0 ? { status: 422 } : {}),
    main: html`<h1>Payments</h1>
<p class="muted">Money that reached you without counting toward a payment: <a href="${paths.strayFunds}">Stray funds</a>.</p>
<form class="card filters" method="get" action="${paths.payments}" role="search" aria-label="Filter payments">
${searchFields(filters, errors)}
${statusFilter(filters)}
${filterButtons('Show payments', anyFilter ? paths.payments : null)}
</form>
${paymentExportLinks(paths, filters)}
${page.rows.length === 0 ? emptyCard(none) : paymentsTable(input.mode, rows)}
${pager(first, next, 'Older payments')}`,
  };
}
