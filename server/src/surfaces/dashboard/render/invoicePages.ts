import { INVOICE_STATUSES, type Invoice, type InvoiceStatus, type WebhookEvent } from '@cairn/contract';
import type { ApiKeyLabel } from '../../../domain/apiKeys/ApiKeySummary.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, formatTime } from './forms.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';
import type { LinkKeyChoice } from './paymentLinkPages.js';

/** Line rows the new-invoice form offers (blank rows are ignored). */
export const INVOICE_FORM_LINES = 5;

const STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  refunded: 'Refunded',
  void: 'Void',
};

const money = (invoice: Pick<Invoice, 'fiat_currency'>, amount: string) =>
  formatFiat(amount, invoice.fiat_currency, 'en-US');

/** The status badge, with Overdue beside an open invoice past its due date. */
export function invoiceBadge(invoice: Pick<Invoice, 'status' | 'overdue'>): SafeHtml {
  return html`<span class="tag${invoice.status === 'paid' || invoice.status === 'open' ? '' : ' off'}" data-status="${invoice.status}">${STATUS_LABELS[invoice.status]}</span>${
    invoice.overdue ? html` <span class="tag warn">Overdue</span>` : ''
  }`;
}

/** The list's filters as the form holds them. */
export interface InvoiceFilters {
  readonly status: InvoiceStatus | '';
  readonly overdue: boolean;
}

function filterQuery(filters: InvoiceFilters, after?: string): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.overdue) query.set('overdue', '1');
  if (after) query.set('after', after);
  const text = query.toString();
  return text ? `?${text}` : '';
}

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
  const rows = input.invoices.map(
    (invoice) => html`<tr>
<td><a href="${paths.invoice(invoice.id)}">${invoice.number}</a></td>
<td>${invoice.recipient_name ? html`${invoice.recipient_name} <span class="muted">${invoice.recipient_email}</span>` : invoice.recipient_email}</td>
<td class="num">${money(invoice, invoice.total)}</td>
<td>${invoiceBadge(invoice)}</td>
<td>${invoice.due_date}</td>
</tr>`,
  );
  return {
    title: 'Invoices',
    section: 'invoices',
    main: html`<h1>Invoices</h1>
<p class="muted">Invoices are emailed to the recipient with a link to pay them in cryptocurrency; their events go to the endpoint of the key that created them when it subscribes to invoice events. <a class="button" href="${paths.newInvoice}">New invoice</a></p>
<form class="card filters" method="get" action="${paths.invoices}" aria-label="Filter invoices">
<div class="field-row">
<div class="field"><label for="f-status">Status</label><select id="f-status" name="status"><option value="">All</option>${INVOICE_STATUSES.map(
      (status) =>
        html`<option value="${status}"${status === filters.status ? html` selected` : ''}>${STATUS_LABELS[status]}</option>`,
    )}</select></div>
<div class="field"><label class="check"><input type="checkbox" name="overdue" value="1"${filters.overdue ? html` checked` : ''}> Only overdue</label></div>
</div>
<div class="actions"><button type="submit">Show invoices</button>${anyFilter ? html` <a class="button secondary" href="${paths.invoices}">Clear filters</a>` : ''}</div>
</form>
${
  rows.length === 0
    ? html`<div class="card"><p>${anyFilter || input.paged ? 'No invoices match.' : `No ${input.mode}-mode invoices yet.`}</p></div>`
    : html`<div class="card table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">${input.mode === 'test' ? 'Test' : 'Live'}-mode invoices, newest first</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Recipient</th><th scope="col">Total</th><th scope="col">Status</th><th scope="col">Due</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
<nav class="pager" aria-label="Pages">${input.paged ? html`<a href="${paths.invoices}${filterQuery(filters)}">First page</a>` : ''}${input.next ? html`<a rel="next" href="${paths.invoices}${filterQuery(filters, input.next)}">Older invoices</a>` : ''}</nav>`,
  };
}

/** The new-invoice form as typed, and why it was refused (keys as the form names its fields). */
export interface InvoiceFormState {
  readonly values: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, string>>;
}

export function newInvoicePage(
  paths: DashboardPaths,
  csrf: string,
  keys: readonly LinkKeyChoice[],
  state: InvoiceFormState,
): Page {
  const v = state.values;
  const e = state.errors;
  const refused = Object.keys(e).length > 0;
  const err = (name: string) => (e[name] ? { error: e[name] } : {});
  const lines = Array.from({ length: INVOICE_FORM_LINES }, (_, i) => {
    const n = `line_${i}`;
    return html`<fieldset class="card line-item"><legend>Line ${i + 1}${i === 0 ? '' : ' (optional)'}</legend>
<div class="field-row">
${field({ name: `${n}_description`, label: 'Description', value: v[`${n}_description`] ?? '', maxlength: 200, ...err(`${n}_description`) })}
${field({ name: `${n}_quantity`, label: 'Quantity', value: v[`${n}_quantity`] ?? (i === 0 ? '1' : ''), ...err(`${n}_quantity`) })}
${field({ name: `${n}_unit_price`, label: 'Unit price', value: v[`${n}_unit_price`] ?? '', placeholder: '80.00', ...err(`${n}_unit_price`) })}
</div>
</fieldset>`;
  });
  const keyId = 'f-api_key';
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
    ? html`<div class="card"><p>An invoice is paid through a payment of an API key, whose webhook endpoint gets the invoice's events. <a href="${paths.newKey}">Create an API key</a> first.</p></div>`
    : html`<form method="post" action="${paths.invoices}" aria-label="New invoice">
${csrfField(csrf)}
<div class="card">
<div class="field-row">
${field({ name: 'recipient_email', label: 'Recipient email', type: 'email', value: v.recipient_email ?? '', required: true, ...err('recipient_email') })}
${field({ name: 'recipient_name', label: 'Recipient name (optional)', value: v.recipient_name ?? '', maxlength: 200, ...err('recipient_name') })}
</div>
<div class="field-row">
${field({ name: 'fiat_currency', label: 'Currency', value: v.fiat_currency ?? 'USD', maxlength: 3, required: true, hint: 'ISO 4217, e.g. USD or EUR.', ...err('fiat_currency') })}
${field({ name: 'due_date', label: 'Due date', type: 'date', value: v.due_date ?? '', required: true, hint: 'UTC.', ...err('due_date') })}
${field({ name: 'number', label: 'Number (optional)', value: v.number ?? '', maxlength: 64, hint: 'Default: the next INV-000001.', ...err('number') })}
</div>
</div>
${lines}
${e.line_items ? html`<p class="error-text" id="f-line_items-error" role="alert">${e.line_items}</p>` : ''}
<div class="card">
<div class="field"><label for="f-memo">Memo (optional)</label><textarea id="f-memo" name="memo" rows="3" maxlength="2000"${e.memo ? html` aria-invalid="true" aria-describedby="f-memo-error"` : ''}>${v.memo ?? ''}</textarea>${e.memo ? html`<p class="error-text" id="f-memo-error">${e.memo}</p>` : ''}</div>
${field({ name: 'reminder_days', label: 'Reminders (optional)', value: v.reminder_days ?? '', placeholder: '-3, 0, 7', hint: 'Days from the due date, comma-separated: negative before, 0 on the day, positive after (09:00 UTC).', ...err('reminder_days') })}
<div class="field"><label for="${keyId}">API key</label>
<select id="${keyId}" name="api_key" aria-describedby="${keyId}-hint${e.api_key ? ` ${keyId}-error` : ''}">${keys.map(
        (k) =>
          html`<option value="${k.id}"${k.id === v.api_key ? html` selected` : ''}>${k.label} (${k.hint})</option>`,
      )}</select>
<p class="hint" id="${keyId}-hint">The invoice's payment is this key's: it follows the key's allowed coins, and the key's webhook endpoint gets the invoice's events.</p>
${e.api_key ? html`<p class="error-text" id="${keyId}-error">${e.api_key}</p>` : ''}
</div>
<div class="actions"><button type="submit">Create draft</button> <a href="${paths.invoices}">Cancel</a></div>
</div>
</form>`
}`,
  };
}

/** The invoice's lines and total, as the recipient's page shows them. */
function linesTable(invoice: Invoice): SafeHtml {
  return html`<div class="table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">Lines of invoice ${invoice.number}</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${invoice.line_items.map(
    (line) =>
      html`<tr><td>${line.description}</td><td class="num">${line.quantity}</td><td class="num">${money(invoice, line.unit_price)}</td><td class="num">${money(invoice, line.amount)}</td></tr>`,
  )}</tbody>
<tfoot><tr><th scope="row" colspan="3">Total</th><td class="num"><strong>${money(invoice, invoice.total)}</strong></td></tr></tfoot>
</table></div>`;
}

export function invoicePage(
  paths: DashboardPaths,
  csrf: string,
  input: {
    readonly invoice: Invoice;
    readonly key: ApiKeyLabel | null;
    readonly events: readonly WebhookEvent[];
    readonly notice?: Notice;
    readonly status?: number;
  },
): Page {
  const { invoice } = input;
  const open = invoice.status === 'open';
  const draft = invoice.status === 'draft';
  const urlId = `url-${invoice.id}`;
  const actions = [
    draft || open
      ? buttonForm({
          action: paths.invoiceAction(invoice.id, 'send'),
          csrf,
          label: draft ? 'Send to recipient' : 'Send again',
        })
      : '',
    open
      ? buttonForm({
          action: paths.invoiceAction(invoice.id, 'remind'),
          csrf,
          label: 'Send a reminder',
          style: 'secondary',
        })
      : '',
    draft || open
      ? buttonForm({
          action: paths.invoiceAction(invoice.id, 'void'),
          csrf,
          label: 'Void invoice',
          style: 'danger',
          confirm:
            'Void this invoice? Its page stops taking payment and an unpaid payment of it is cancelled.',
        })
      : '',
  ];
  const metadata = Object.entries(invoice.metadata);
  return {
    title: `Invoice ${invoice.number}`,
    section: 'invoices',
    ...(input.notice ? { notice: input.notice } : {}),
    ...(input.status ? { status: input.status } : {}),
    main: html`<p><a href="${paths.invoices}">← Invoices</a></p>
<h1>Invoice ${invoice.number} <span class="muted">${money(invoice, invoice.total)}</span> ${invoiceBadge(invoice)}</h1>
<div class="card">
<div class="actions">${actions}</div>
${
  draft
    ? html`<p class="hint">A draft is not shown to anyone. <a href="${paths.invoicePreview(invoice.id)}">Preview what the recipient will see</a>.</p>`
    : html`<h2>Recipient's page</h2><code class="secret" id="${urlId}">${invoice.hosted_url}</code>
<button type="button" class="secondary" data-copy="${urlId}" hidden>Copy link</button>
<p class="hint"><a href="${paths.invoicePreview(invoice.id)}">Preview</a> (opening it here does not count as the recipient's view).</p>`
}
</div>
<div class="card">
<dl class="facts">
<dt>Recipient</dt><dd>${invoice.recipient_name ? html`${invoice.recipient_name}<br>` : ''}${invoice.recipient_email}</dd>
<dt>Due</dt><dd>${invoice.due_date}${invoice.overdue ? html` <span class="tag warn">Overdue</span>` : ''}</dd>
<dt>Sent</dt><dd>${formatTime(invoice.sent_at)}</dd>
<dt>Viewed</dt><dd>${formatTime(invoice.viewed_at)}</dd>
<dt>Reminders</dt><dd>${invoice.reminders_sent} sent${invoice.last_reminder_at ? `, last ${formatTime(invoice.last_reminder_at)}` : ''}${invoice.reminder_days.length > 0 ? html`<br><span class="muted">Schedule: ${invoice.reminder_days.map((d) => (d === 0 ? 'on the due date' : d < 0 ? `${-d} day${d === -1 ? '' : 's'} before` : `${d} day${d === 1 ? '' : 's'} after`)).join(', ')}</span>` : ''}</dd>
<dt>Paid</dt><dd>${formatTime(invoice.paid_at)}</dd>
${invoice.refunded_at ? html`<dt>Refunded</dt><dd>${formatTime(invoice.refunded_at)}</dd>` : ''}
${invoice.voided_at ? html`<dt>Voided</dt><dd>${formatTime(invoice.voided_at)}</dd>` : ''}
<dt>Payment</dt><dd>${invoice.payment_id ? html`<a href="${paths.payment(invoice.payment_id)}"><code>${invoice.payment_id}</code></a>` : '—'}</dd>
<dt>API key</dt><dd>${keyLabel(input.key)}</dd>
<dt>Metadata</dt><dd>${metadata.length === 0 ? '—' : metadata.map(([k, val]) => html`<code>${k}</code>: ${val}<br>`)}</dd>
<dt>Invoice id</dt><dd><code>${invoice.id}</code></dd>
</dl>
</div>
<div class="card">
<h2>Lines</h2>
${linesTable(invoice)}
${invoice.memo ? html`<p class="memo">${invoice.memo}</p>` : ''}
</div>
<div class="card">
<h2>Events</h2>
${
  input.events.length === 0
    ? html`<p>No events yet.</p>`
    : html`<ul class="timeline">${input.events.map(
        (event) =>
          html`<li><code>${event.event}</code> <span class="muted">${formatTime(event.created_at)}</span></li>`,
      )}</ul>`
}
<p><a href="${paths.events}">All events</a></p>
</div>`,
  };
}

/** The key an invoice was made with, and whether its page can take payment. */
function keyLabel(key: ApiKeyLabel | null): string {
  if (!key) return '—';
  const state = key.status === 'active' ? '' : ` — ${key.status}: its page cannot take payment`;
  return `${key.label} (${key.hint})${state}`;
}

/**
 * What the recipient's page shows instead of its Pay button once the invoice is paid, refunded or
 * void: the same words as the checkout's invoice page (kept here, since a surface never imports
 * another).
 */
function invoiceStateNotice(invoice: Invoice): { title: string; body: string } | undefined {
  switch (invoice.status) {
    case 'paid':
      return {
        title: 'Paid',
        body: `This invoice was paid on ${(invoice.paid_at ?? '').slice(0, 10)}. Thank you.`,
      };
    case 'refunded':
      return { title: 'Refunded', body: 'The payment of this invoice was refunded.' };
    case 'void':
      return {
        title: 'This invoice is void',
        body: 'The merchant cancelled this invoice. Nothing is owed on it.',
      };
    default:
      return undefined;
  }
}

/** The merchant's preview: the invoice as its page shows it, without counting as the recipient's view. */
export function invoicePreviewPage(
  paths: DashboardPaths,
  input: { invoice: Invoice; businessName: string },
): Page {
  const { invoice } = input;
  // What the recipient's page shows instead of its Pay button (the same words as the checkout's).
  const state = invoiceStateNotice(invoice);
  return {
    title: `Preview of invoice ${invoice.number}`,
    section: 'invoices',
    main: html`<p><a href="${paths.invoice(invoice.id)}">← Invoice ${invoice.number}</a></p>
<div class="notice info" role="status">Preview: what the recipient sees. Opening it here is not recorded as their view.</div>
<div class="card">
<h1>Invoice ${invoice.number} <span class="muted">${money(invoice, invoice.total)}</span></h1>
<dl class="facts">
<dt>From</dt><dd>${input.businessName}</dd>
<dt>To</dt><dd>${invoice.recipient_name ? html`${invoice.recipient_name}<br>` : ''}${invoice.recipient_email}</dd>
<dt>Due</dt><dd>${invoice.due_date}${invoice.overdue ? html` <span class="tag warn">Overdue</span>` : ''}</dd>
</dl>
${linesTable(invoice)}
${invoice.memo ? html`<p class="memo">${invoice.memo}</p>` : ''}
${
  state
    ? html`<h2>${state.title}</h2><p>${state.body}</p>`
    : html`<p class="muted">${invoice.status === 'draft' ? 'Once sent, the' : 'The'} recipient's page has a Pay button here, and a printable view.</p>`
}
</div>`,
  };
}
