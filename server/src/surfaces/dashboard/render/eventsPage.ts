import { type ExportFormat, WEBHOOK_EVENT_NAMES, type WebhookEvent } from '@cairn/contract';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { exportLinks } from './exportLinks.js';
import { formatTime } from './forms.js';
import { emptyCard, filterButtons, filterSelect, pager, paymentIdFilter } from './listControls.js';
import type { Page } from './Page.js';

/** The events list's filters as the form holds them. */
export interface EventFilters {
  readonly type: string;
  readonly payment: string;
}

/** The payment an event is about, when it is about one. */
const paymentOf = (event: WebhookEvent) => ('payment' in event.data ? event.data.payment.id : null);

/** An event's payment (with a link to its deliveries), or a dash. */
function paymentCell(paths: DashboardPaths, payment: string | null): SafeHtml | string {
  if (!payment) return '—';
  const deliveries = html`<a href="${paths.webhooks}?payment=${payment}">its deliveries</a>`;
  return html`<a href="${paths.payment(payment)}"><code>${payment}</code></a> · ${deliveries}`;
}

/** One event: its name and time, its id and payment, and its body as deliveries send it. */
function eventCard(paths: DashboardPaths, event: WebhookEvent): SafeHtml {
  const when = html`<span class="muted">${formatTime(event.created_at)}</span>`;
  const body = html`<pre class="body" tabindex="0">${JSON.stringify(event, null, 2)}</pre>`;
  return html`<article class="card delivery" aria-labelledby="e-${event.id}">
<h2 id="e-${event.id}" class="delivery-head"><code>${event.event}</code> ${when}</h2>
<dl class="facts">
<dt>Event id</dt><dd><code>${event.id}</code></dd>
<dt>Payment</dt><dd>${paymentCell(paths, paymentOf(event))}</dd>
</dl>
<details><summary>Body (what each delivery signs and sends)</summary>${body}</details>
</article>`;
}

const WHAT_API_RETURNS = html`what <code>GET /api/v1/events</code> returns.`;

export function eventsPage(
  paths: DashboardPaths,
  input: {
    readonly filters: EventFilters;
    readonly events: readonly WebhookEvent[];
    readonly next: string | null;
    readonly paged: boolean;
    readonly mode: string;
  },
): Page {
  const { filters } = input;
  const query = (after?: string, format?: ExportFormat) => {
    const params = new URLSearchParams();
    if (format) params.set('format', format);
    if (filters.type) params.set('type', filters.type);
    if (filters.payment) params.set('payment', filters.payment);
    if (after) params.set('after', after);
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  const rows = input.events.map((event) => eventCard(paths, event));
  const anyFilter = Boolean(filters.type || filters.payment);
  const types = WEBHOOK_EVENT_NAMES.map((name) => [name, name] as const);
  const first = input.paged ? `${paths.events}${query()}` : null;
  const next = input.next ? `${paths.events}${query(input.next)}` : null;
  const deliveriesLink = html`<a href="${paths.webhooks}">Webhook deliveries</a>`;
  return {
    title: 'Events',
    section: 'webhooks',
    main: html`<h1>Events</h1>
<p class="muted">Every ${input.mode}-mode event, newest first, whether or not a webhook delivered it: ${WHAT_API_RETURNS} ${deliveriesLink}</p>
<form class="card filters" method="get" action="${paths.events}" aria-label="Filter events">
<div class="field-row">
${filterSelect('type', 'Type', filters.type, types)}
${paymentIdFilter(filters.payment)}
</div>
${filterButtons('Show events', anyFilter ? paths.events : null)}
</form>
${exportLinks('Export these events', (format) => `${paths.eventsExport}${query(undefined, format)}`)}
${rows.length === 0 ? emptyCard(anyFilter || input.paged ? 'No events match.' : 'No events yet.') : rows}
${pager(first, next, 'Older events')}`,
  };
}
