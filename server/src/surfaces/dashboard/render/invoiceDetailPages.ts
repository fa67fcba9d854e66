import type { Invoice, WebhookEvent } from '@cairn/contract';
import type { ApiKeyLabel } from '../../../domain/apiKeys/ApiKeySummary.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, formatTime } from './forms.js';
import { invoiceBadge, money, OVERDUE_TAG } from './invoicePages.js';
import { languageLabel } from './languageField.js';
import { metadataList } from './metadataList.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';
import { tableColumns } from './tableParts.js';

const LINES = tableColumns('Item', { num: 'Quantity' }, { num: 'Unit price' }, { num: 'Amount' });

/** One line of the invoice: description, quantity, unit price and amount. */
function lineRow(invoice: Invoice, line: Invoice['line_items'][number]): SafeHtml {
  const price = money(invoice, line.unit_price);
  const amount = money(invoice, line.amount);
  return LINES.row(line.description, { num: line.quantity }, { num: price }, { num: amount });
}

/** The invoice's lines and total, as the recipient's page shows them. */
function linesTable(invoice: Invoice): SafeHtml {
  const head = LINES.head;
  const total = html`<td class="num" data-label="Total"><strong>${money(invoice, invoice.total)}</strong></td>`;
  return html`<div class="table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">Lines of invoice ${invoice.number}</caption>
${head}
<tbody>${invoice.line_items.map((line) => lineRow(invoice, line))}</tbody>
<tfoot><tr><th scope="row" colspan="3">Total</th>${total}</tr></tfoot>
</table></div>`;
}

/** The recipient: name (on a line of its own) and address. */
const recipient = (invoice: Invoice) =>
  html`${invoice.recipient_name ? html`${invoice.recipient_name}<br>` : ''}${invoice.recipient_email}`;

/** Send (again), Remind and Void, as the invoice's status allows them. */
function invoiceActions(paths: DashboardPaths, csrf: string, invoice: Invoice): (SafeHtml | '')[] {
  const open = invoice.status === 'open';
  const draft = invoice.status === 'draft';
  const action = (name: 'send' | 'remind' | 'void') => paths.invoiceAction(invoice.id, name);
  return [
    draft || open
      ? buttonForm({ action: action('send'), csrf, label: draft ? 'Send to recipient' : 'Send again' })
      : '',
    open ? buttonForm({ action: action('remind'), csrf, label: 'Send a reminder', style: 'secondary' }) : '',
    draft || open
      ? buttonForm({
          action: action('void'),
          csrf,
          label: 'Void invoice',
          style: 'danger',
          confirm:
            'Void this invoice? Its page stops taking payment and an unpaid payment of it is cancelled.',
        })
      : '',
  ];
}

/** Where the recipient pays: a preview link for a draft, else the page's address to copy. */
function recipientPage(paths: DashboardPaths, invoice: Invoice): SafeHtml {
  const preview = paths.invoicePreview(invoice.id);
  if (invoice.status === 'draft')
    return html`<p class="hint">A draft is not shown to anyone. <a href="${preview}">Preview what the recipient will see</a>.</p>`;
  const urlId = `url-${invoice.id}`;
  return html`<h2>Recipient's page</h2><code class="secret" id="${urlId}">${invoice.hosted_url}</code>
<button type="button" class="secondary" data-copy="${urlId}" hidden>Copy link</button>
<p class="hint"><a href="${preview}">Preview</a> (opening it here does not count as the recipient's view).</p>`;
}

/** A reminder day as people say it: before, on or after the due date. */
function reminderDay(d: number): string {
  if (d === 0) return 'on the due date';
  return d < 0 ? `${-d} day${d === -1 ? '' : 's'} before` : `${d} day${d === 1 ? '' : 's'} after`;
}

/** How many reminders went out (the last when), and the schedule. */
function remindersCell(invoice: Invoice): SafeHtml {
  const last = invoice.last_reminder_at ? `, last ${formatTime(invoice.last_reminder_at)}` : '';
  const schedule =
    invoice.reminder_days.length > 0
      ? html`<br><span class="muted">Schedule: ${invoice.reminder_days.map(reminderDay).join(', ')}</span>`
      : '';
  return html`${invoice.reminders_sent} sent${last}${schedule}`;
}

/** The key an invoice was made with, and whether its page can take payment. */
function keyLabel(key: ApiKeyLabel | null): string {
  if (!key) return '—';
  const state = key.status === 'active' ? '' : ` — ${key.status}: its page cannot take payment`;
  return `${key.label} (${key.hint})${state}`;
}

/** The invoice's facts: recipient, dates, reminders, payment, key, metadata, id. */
function invoiceFacts(paths: DashboardPaths, invoice: Invoice, key: ApiKeyLabel | null): SafeHtml {
  const payment = invoice.payment_id
    ? html`<a href="${paths.payment(invoice.payment_id)}"><code>${invoice.payment_id}</code></a>`
    : '—';
  const refunded = invoice.refunded_at
    ? html`<dt>Refunded</dt><dd>${formatTime(invoice.refunded_at)}</dd>`
    : '';
  const voided = invoice.voided_at ? html`<dt>Voided</dt><dd>${formatTime(invoice.voided_at)}</dd>` : '';
  return html`<dl class="facts">
<dt>Recipient</dt><dd>${recipient(invoice)}</dd>
<dt>Due</dt><dd>${invoice.due_date}${invoice.overdue ? OVERDUE_TAG : ''}</dd>
<dt>Language</dt><dd>${invoice.language ? languageLabel(invoice.language) : 'The recipient’s browser (mails in English)'}</dd>
<dt>Sent</dt><dd>${formatTime(invoice.sent_at)}</dd>
<dt>Viewed</dt><dd>${formatTime(invoice.viewed_at)}</dd>
<dt>Reminders</dt><dd>${remindersCell(invoice)}</dd>
<dt>Paid</dt><dd>${formatTime(invoice.paid_at)}</dd>
${refunded}
${voided}
<dt>Payment</dt><dd>${payment}</dd>
<dt>API key</dt><dd>${keyLabel(key)}</dd>
<dt>Metadata</dt><dd>${metadataList(invoice.metadata)}</dd>
<dt>Invoice id</dt><dd><code>${invoice.id}</code></dd>
</dl>`;
}

/** The invoice's newest events, each with its time. */
function eventsList(events: readonly WebhookEvent[]): SafeHtml {
  if (events.length === 0) return html`<p>No events yet.</p>`;
  const item = (event: WebhookEvent) =>
    html`<li><code>${event.event}</code> <span class="muted">${formatTime(event.created_at)}</span></li>`;
  return html`<ul class="timeline">${events.map(item)}</ul>`;
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
  const total = html`<span class="muted">${money(invoice, invoice.total)}</span>`;
  return {
    title: `Invoice ${invoice.number}`,
    section: 'invoices',
    ...(input.notice ? { notice: input.notice } : {}),
    ...(input.status ? { status: input.status } : {}),
    main: html`<p><a href="${paths.invoices}">← Invoices</a></p>
<h1>Invoice ${invoice.number} ${total} ${invoiceBadge(invoice)}</h1>
<div class="card">
<div class="actions">${invoiceActions(paths, csrf, invoice)}</div>
${recipientPage(paths, invoice)}
</div>
<div class="card">
${invoiceFacts(paths, invoice, input.key)}
</div>
<div class="card">
<h2>Lines</h2>
${linesTable(invoice)}
${invoice.memo ? html`<p class="memo">${invoice.memo}</p>` : ''}
</div>
<div class="card">
<h2>Events</h2>
${eventsList(input.events)}
<p><a href="${paths.events}">All events</a></p>
</div>`,
  };
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

/** Where the preview's Pay button would be: the state's notice, or what the page will offer. */
function payArea(invoice: Invoice): SafeHtml {
  const state = invoiceStateNotice(invoice);
  if (state) return html`<h2>${state.title}</h2><p>${state.body}</p>`;
  const whose = invoice.status === 'draft' ? 'Once sent, the' : 'The';
  return html`<p class="muted">${whose} recipient's page has a Pay button here, and a printable view.</p>`;
}

/** The merchant's preview: the invoice as its page shows it, without counting as the recipient's view. */
export function invoicePreviewPage(
  paths: DashboardPaths,
  input: { invoice: Invoice; businessName: string },
): Page {
  const { invoice } = input;
  return {
    title: `Preview of invoice ${invoice.number}`,
    section: 'invoices',
    main: html`<p><a href="${paths.invoice(invoice.id)}">← Invoice ${invoice.number}</a></p>
<div class="notice info" role="status">Preview: what the recipient sees. Opening it here is not recorded as their view.</div>
<div class="card">
<h1>Invoice ${invoice.number} <span class="muted">${money(invoice, invoice.total)}</span></h1>
<dl class="facts">
<dt>From</dt><dd>${input.businessName}</dd>
<dt>To</dt><dd>${recipient(invoice)}</dd>
<dt>Due</dt><dd>${invoice.due_date}${invoice.overdue ? OVERDUE_TAG : ''}</dd>
</dl>
${linesTable(invoice)}
${invoice.memo ? html`<p class="memo">${invoice.memo}</p>` : ''}
${payArea(invoice)}
</div>`,
  };
}
