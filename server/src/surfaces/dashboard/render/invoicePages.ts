import {
  type ExportFormat,
  INVOICE_MAX_LINE_ITEMS,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceStatus,
} from '@cairn/contract';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { apiKeyField } from './apiKeyField.js';
import { currencyField } from './currencyField.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { exportLinks } from './exportLinks.js';
import { csrfField, field, fieldError } from './forms.js';
import { languageField } from './languageField.js';
import { emptyCard, filterButtons, filterSelect, pager } from './listControls.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';
import type { LinkKeyChoice } from './paymentLinkPages.js';
import { tableHead } from './tableParts.js';

/** Line rows the new-invoice form can hold (as many as an invoice takes; blank rows are ignored). */
export const INVOICE_FORM_MAX_LINES = INVOICE_MAX_LINE_ITEMS;

const STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  refunded: 'Refunded',
  void: 'Void',
};

/** An amount of the invoice, in its currency. */
export const money = (invoice: Pick<Invoice, 'fiat_currency'>, amount: string) =>
  formatFiat(amount, invoice.fiat_currency, 'en-US');

/** The tag Overdue gets beside an open invoice past its due date. */
export const OVERDUE_TAG = html` <span class="tag warn">Overdue</span>`;

/** The status badge, with Overdue beside an open invoice past its due date. */
export function invoiceBadge(invoice: Pick<Invoice, 'status' | 'overdue'>): SafeHtml {
  const off = invoice.status === 'paid' || invoice.status === 'open' ? '' : ' off';
  const badge = html`<span class="tag${off}" data-status="${invoice.status}">${STATUS_LABELS[invoice.status]}</span>`;
  return html`${badge}${invoice.overdue ? OVERDUE_TAG : ''}`;
}

/** The list's filters as the form holds them. */
export interface InvoiceFilters {
  readonly status: InvoiceStatus | '';
  readonly overdue: boolean;
}

function filterQuery(filters: InvoiceFilters, after?: string, format?: ExportFormat): string {
  const query = new URLSearchParams();
  if (format) query.set('format', format);
  if (filters.status) query.set('status', filters.status);
  if (filters.overdue) query.set('overdue', '1');
  if (after) query.set('after', after);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** An invoice's recipient: the name with the address beside it, or the address. */
function recipientCell(invoice: Invoice): SafeHtml | string {
  if (!invoice.recipient_name) return invoice.recipient_email;
  return html`${invoice.recipient_name} <span class="muted">${invoice.recipient_email}</span>`;
}

/** One invoice: its number (linking to its page), recipient, total, status and due date. */
function invoiceRow(paths: DashboardPaths, invoice: Invoice): SafeHtml {
  return html`<tr>
<td data-label="Number"><a href="${paths.invoice(invoice.id)}">${invoice.number}</a></td>
<td data-label="Recipient">${recipientCell(invoice)}</td>
<td class="num" data-label="Total">${money(invoice, invoice.total)}</td>
<td data-label="Status">${invoiceBadge(invoice)}</td>
<td data-label="Due">${invoice.due_date}</td>
</tr>`;
}

function invoicesTable(mode: string, rows: readonly SafeHtml[]): SafeHtml {
  return html`<div class="card table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">${mode === 'test' ? 'Test' : 'Live'}-mode invoices, newest first</caption>
${tableHead('Number', 'Recipient', 'Total', 'Status', 'Due')}
<tbody>${rows}</tbody></table></div>`;
}

const WHAT_INVOICES_DO =
  'Invoices are emailed to the recipient with a link to pay them in cryptocurrency; ' +
  'their events go to the endpoint of the key that created them when it subscribes to invoice events.';

export function invoicesListPage(
  paths: DashboardPaths,
  input: {
    readonly invoices: readonly Invoice[];
    readonly filters: InvoiceFilters;
    readonly next: string | null;
    readonly paged: boolean;
    readonly mode: string;
  },
): Page {
  const { filters } = input;
  const anyFilter = Boolean(filters.status || filters.overdue);
  const rows = input.invoices.map((invoice) => invoiceRow(paths, invoice));
  const statuses = INVOICE_STATUSES.map((status) => [status, STATUS_LABELS[status]] as const);
  const overdue = html`<input type="checkbox" name="overdue" value="1"${filters.overdue ? html` checked` : ''}>`;
  const none = anyFilter || input.paged ? 'No invoices match.' : `No ${input.mode}-mode invoices yet.`;
  const first = input.paged ? `${paths.invoices}${filterQuery(filters)}` : null;
  const next = input.next ? `${paths.invoices}${filterQuery(filters, input.next)}` : null;
  return {
    title: 'Invoices',
    section: 'invoices',
    main: html`<h1>Invoices</h1>
<p class="muted">${WHAT_INVOICES_DO} <a class="button" href="${paths.newInvoice}">New invoice</a></p>
<form class="card filters" method="get" action="${paths.invoices}" aria-label="Filter invoices">
<div class="field-row">
${filterSelect('status', 'Status', filters.status, statuses)}
<div class="field"><label class="check">${overdue} Only overdue</label></div>
</div>
${filterButtons('Show invoices', anyFilter ? paths.invoices : null)}
</form>
${exportLinks('Export these invoices', (format) => `${paths.invoicesExport}${filterQuery(filters, undefined, format)}`)}
${rows.length === 0 ? emptyCard(none) : invoicesTable(input.mode, rows)}
${pager(first, next, 'Older invoices')}`,
  };
}

/** The new-invoice form as typed, and why it was refused (keys as the form names its fields). */
export interface InvoiceFormState {
  readonly values: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, string>>;
  /** How many line rows to show (default 1): as many as were submitted, one more after Add a line. */
  readonly lines?: number;
}

/** Line `i` of `count`: description, quantity (1 by default) and unit price, and Remove when there are several. */
function lineFieldset(state: InvoiceFormState, i: number, count: number): SafeHtml {
  const v = state.values;
  const n = `line_${i}`;
  const named = html`name="remove_line" value="${String(i)}" formnovalidate aria-label="Remove line ${String(i + 1)}"`;
  const remove = html`<button type="submit" class="secondary line-remove" ${named}${count > 1 ? '' : html` hidden`}>Remove</button>`;
  return html`<fieldset class="card line-item" data-line><legend>Line ${String(i + 1)}</legend>
<div class="field-row">
${field({
  name: `${n}_description`,
  label: 'Description',
  value: v[`${n}_description`] ?? '',
  maxlength: 200,
  ...fieldError(state.errors, `${n}_description`),
})}
${field({
  name: `${n}_quantity`,
  label: 'Quantity',
  value: v[`${n}_quantity`] ?? '1',
  ...fieldError(state.errors, `${n}_quantity`),
})}
${field({
  name: `${n}_unit_price`,
  label: 'Unit price',
  value: v[`${n}_unit_price`] ?? '',
  placeholder: '80.00',
  ...fieldError(state.errors, `${n}_unit_price`),
})}
</div>
${remove}
</fieldset>`;
}

/** The memo: a textarea, with its error tied to it. */
function memoField(state: InvoiceFormState): SafeHtml {
  const error = state.errors.memo;
  const invalid = error ? html` aria-invalid="true" aria-describedby="f-memo-error"` : '';
  const textarea = html`<textarea id="f-memo" name="memo" rows="3" maxlength="2000"${invalid}>${state.values.memo ?? ''}</textarea>`;
  const errorText = error ? html`<p class="error-text" id="f-memo-error">${error}</p>` : '';
  return html`<div class="field"><label for="f-memo">Memo (optional)</label>${textarea}${errorText}</div>`;
}

/** Who the invoice is to, its currency, due date and number. */
function headingFields(state: InvoiceFormState, defaultCurrency: string): SafeHtml {
  const v = state.values;
  const e = state.errors;
  return html`<div class="card">
<div class="field-row">
${field({
  name: 'recipient_email',
  label: 'Recipient email',
  type: 'email',
  value: v.recipient_email ?? '',
  required: true,
  ...fieldError(e, 'recipient_email'),
})}
${field({
  name: 'recipient_name',
  label: 'Recipient name (optional)',
  value: v.recipient_name ?? '',
  maxlength: 200,
  ...fieldError(e, 'recipient_name'),
})}
</div>
<div class="field-row">
${currencyField(v.fiat_currency || defaultCurrency, e.fiat_currency)}
${field({
  name: 'due_date',
  label: 'Due date',
  type: 'date',
  value: v.due_date ?? '',
  required: true,
  hint: 'UTC.',
  ...fieldError(e, 'due_date'),
})}
${field({
  name: 'number',
  label: 'Number (optional)',
  value: v.number ?? '',
  maxlength: 64,
  hint: 'Default: the next INV-000001.',
  ...fieldError(e, 'number'),
})}
</div>
</div>`;
}

const KEY_HINT = html`The invoice's payment is this key's: it follows the key's allowed coins, and the key's webhook endpoint gets the invoice's events.`;
const NEEDS_A_KEY = html`An invoice is paid through a payment of an API key, whose webhook endpoint gets the invoice's events.`;

/** The form itself: heading fields, lines, memo, reminders and the key. */
function newInvoiceForm(
  paths: DashboardPaths,
  csrf: string,
  keys: readonly LinkKeyChoice[],
  state: InvoiceFormState,
  defaultCurrency: string,
): SafeHtml {
  const v = state.values;
  const e = state.errors;
  const count = Math.min(Math.max(state.lines ?? 1, 1), INVOICE_FORM_MAX_LINES);
  const lines = Array.from({ length: count }, (_, i) => lineFieldset(state, i, count));
  const linesError = e.line_items
    ? html`<p class="error-text" id="f-line_items-error" role="alert">${e.line_items}</p>`
    : '';
  const addLine =
    count < INVOICE_FORM_MAX_LINES
      ? html`<p><button type="submit" class="secondary" name="action" value="add_line" formnovalidate data-add-line>Add a line</button></p>`
      : '';
  // Enter in a field creates the draft: the form's first submit button is its default, so it comes
  // before the lines' Remove buttons (hidden from view and from assistive technology).
  const hiddenAway = html`class="visually-hidden-label" tabindex="-1" aria-hidden="true"`;
  const enterCreates = html`<button type="submit" name="action" value="create" ${hiddenAway}>Create draft</button>`;
  return html`<form method="post" action="${paths.invoices}" aria-label="New invoice" data-invoice-lines="${String(INVOICE_FORM_MAX_LINES)}">
${csrfField(csrf)}${enterCreates}
${headingFields(state, defaultCurrency)}
<div data-lines>${lines}</div>
${addLine}
${linesError}
<div class="card">
${memoField(state)}
${languageField(v.language, e.language)}
${field({
  name: 'reminder_days',
  label: 'Reminders (optional)',
  value: v.reminder_days ?? '',
  placeholder: '-3, 0, 7',
  hint: 'Days from the due date, comma-separated: negative before, 0 on the day, positive after (09:00 UTC).',
  ...fieldError(e, 'reminder_days'),
})}
${apiKeyField(keys, v.api_key, KEY_HINT, e.api_key)}
<div class="actions"><button type="submit" name="action" value="create">Create draft</button> <a href="${paths.invoices}">Cancel</a></div>
</div>
</form>`;
}

export function newInvoicePage(
  paths: DashboardPaths,
  csrf: string,
  keys: readonly LinkKeyChoice[],
  state: InvoiceFormState,
  defaultCurrency = 'USD',
): Page {
  const refused = Object.keys(state.errors).length > 0;
  const createKey = html`<a href="${paths.newKey}">Create an API key</a> first.`;
  return {
    title: 'New invoice',
    section: 'invoices',
    ...(refused
      ? {
          status: 422,
          notice: { kind: 'error', text: 'The invoice was not created: see the fields below.' } as Notice,
        }
      : {}),
    main: html`<p><a href="${paths.invoices}">← Invoices</a></p>
<h1>New invoice</h1>
${
  keys.length === 0
    ? html`<div class="card"><p>${NEEDS_A_KEY} ${createKey}</p></div>`
    : newInvoiceForm(paths, csrf, keys, state, defaultCurrency)
}`,
  };
}
