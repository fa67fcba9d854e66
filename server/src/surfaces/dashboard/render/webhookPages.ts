import { WEBHOOK_EVENT_NAMES } from '@cairn/contract';
import type { ApiKeyChoice } from '../../../domain/apiKeys/ApiKeySummary.js';
import type { DeliveryStatus } from '../../../domain/webhooks/deliveryTypes.js';
import type { DeliveryLogEntry } from '../../../domain/webhooks/listDeliveries.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, formatTime } from './forms.js';
import { emptyCard, filterButtons, filterSelect, pager, paymentIdFilter } from './listControls.js';
import type { Page } from './Page.js';

/** The inspector's filters as the form holds them. */
export interface DeliveryFilters {
  readonly status: DeliveryStatus | '';
  readonly event: string;
  readonly key: string;
  readonly payment: string;
}

const STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
  exhausted: 'Gave up',
};

function deliveryState(d: DeliveryLogEntry): SafeHtml {
  if (d.parked)
    return html`<span class="status pending">Waiting</span><br><span class="muted">behind an earlier event of this payment</span>`;
  if (d.status === 'pending' && d.attempts === 0) return html`<span class="status pending">Queued</span>`;
  return html`<span class="status ${d.status}">${STATUS_LABELS[d.status]}</span>`;
}

/** The latest answer's status code, else the class of error that stood for it, else a dash. */
function statusCodeCell(d: DeliveryLogEntry): SafeHtml | number | string {
  return d.last_status_code ?? (d.last_error_class ? html`none (<code>${d.last_error_class}</code>)` : '—');
}

/** The latest response body, with its size in the summary. */
function responseBody(d: DeliveryLogEntry): SafeHtml {
  const size = d.last_response_body
    ? ` (${new TextEncoder().encode(d.last_response_body).length} bytes, at most 1 KiB kept)`
    : '';
  const body = html`<pre class="body" tabindex="0">${d.last_response_body || '(empty)'}</pre>`;
  return html`<details><summary>Latest response body${size}</summary>${body}</details>`;
}

/** The exact body the delivery signed and sent, and the signature of its latest attempt. */
function requestBody(d: DeliveryLogEntry): SafeHtml {
  const body = html`<pre class="body" tabindex="0">${d.request_body}</pre>`;
  const signature = d.last_signature
    ? html`<p>X-Webhook-Signature: <code>${d.last_signature}</code></p>`
    : '';
  return html`<details><summary>Signed request body (<code>${d.event_id}</code>)</summary>${body}${signature}</details>`;
}

/** One delivery: its state, facts, error, bodies, and Redeliver once it is finished. */
function deliveryCard(paths: DashboardPaths, csrf: string, d: DeliveryLogEntry, back: string): SafeHtml {
  const payment = d.payment_id
    ? html`<a href="${paths.payment(d.payment_id)}"><code>${d.payment_id}</code></a>`
    : '—';
  const redelivery = d.redelivery_of
    ? html`<dt>Redelivery of</dt><dd><code>${d.redelivery_of}</code></dd>`
    : '';
  const nextRetry = d.status === 'pending' && d.next_attempt_at ? formatTime(d.next_attempt_at) : '—';
  const redeliver =
    d.status === 'pending'
      ? ''
      : buttonForm({
          action: paths.redeliver(d.id),
          csrf,
          label: 'Redeliver',
          style: 'secondary',
          hidden: { back },
        });
  return html`<article class="card delivery" aria-labelledby="d-${d.id}">
<h2 id="d-${d.id}" class="delivery-head"><code>${d.event}</code> ${deliveryState(d)}</h2>
<dl class="facts">
<dt>Created</dt><dd>${formatTime(d.created_at)}</dd>
<dt>Attempts</dt><dd>${d.attempts}</dd>
<dt>Latest status code</dt><dd>${statusCodeCell(d)}</dd>
<dt>Next retry</dt><dd>${nextRetry}</dd>
<dt>Payment</dt><dd>${payment}</dd>
<dt>Key</dt><dd><code>${d.key_hint}</code></dd>
<dt>Endpoint</dt><dd><code>${d.url ?? '—'}</code></dd>
${redelivery}
</dl>
${d.last_error ? html`<p class="error-text">${d.last_error}</p>` : ''}
${responseBody(d)}
${requestBody(d)}
${redeliver}
</article>`;
}

export function webhooksPage(
  paths: DashboardPaths,
  csrf: string,
  input: {
    readonly filters: DeliveryFilters;
    readonly deliveries: readonly DeliveryLogEntry[];
    readonly keys: readonly ApiKeyChoice[];
    readonly next: string | null;
    readonly paged: boolean;
    readonly mode: string;
  },
): Page {
  const { filters } = input;
  const query = (before?: string) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
    if (before) params.set('before', before);
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  const rows = input.deliveries.map((d) => deliveryCard(paths, csrf, d, query()));
  const anyFilter = Object.values(filters).some(Boolean);
  const events = WEBHOOK_EVENT_NAMES.map((e) => [e, e] as const);
  const keys = input.keys.map((k) => [k.id, `${k.hint} ${k.label}`] as const);
  const first = input.paged ? `${paths.webhooks}${query()}` : null;
  const next = input.next ? `${paths.webhooks}${query(input.next)}` : null;
  const where = html`Endpoints are set on each <a href="${paths.keys}">API key</a>.`;
  const allEvents = html`<a href="${paths.events}">All events</a>, delivered or not.`;
  return {
    title: 'Webhook deliveries',
    section: 'webhooks',
    main: html`<h1>Webhook deliveries</h1>
<p class="muted">Every event sent to your ${input.mode}-mode endpoints, newest first. ${where} ${allEvents}</p>
<form class="card filters" method="get" action="${paths.webhooks}" aria-label="Filter deliveries">
<div class="field-row">
${filterSelect('status', 'Status', filters.status, Object.entries(STATUS_LABELS))}
${filterSelect('event', 'Event', filters.event, events)}
${filterSelect('key', 'API key', filters.key, keys)}
</div>
${paymentIdFilter(filters.payment)}
${filterButtons('Show deliveries', anyFilter ? paths.webhooks : null)}
</form>
${rows.length === 0 ? emptyCard(anyFilter || input.paged ? 'No deliveries match.' : 'No deliveries yet.') : rows}
${pager(first, next, 'Older deliveries')}`,
  };
}
