import { WEBHOOK_EVENT_NAMES } from '@cairn/contract';
import type { DeliveryStatus } from '../../../domain/webhooks/deliveryTypes.js';
import type { DeliveryLogEntry } from '../../../domain/webhooks/listDeliveries.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, formatTime } from './forms.js';
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

function select(
  name: string,
  label: string,
  value: string,
  options: readonly (readonly [string, string])[],
): SafeHtml {
  return html`<div class="field"><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}"><option value="">All</option>${options.map(
    ([v, text]) => html`<option value="${v}"${v === value ? html` selected` : ''}>${text}</option>`,
  )}</select></div>`;
}

export function webhooksPage(
  paths: DashboardPaths,
  csrf: string,
  input: {
    readonly filters: DeliveryFilters;
    readonly deliveries: readonly DeliveryLogEntry[];
    readonly keys: readonly { readonly id: string; readonly hint: string; readonly label: string }[];
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
  const rows = input.deliveries.map(
    (d) => html`<article class="card delivery" aria-labelledby="d-${d.id}">
<h2 id="d-${d.id}" class="delivery-head"><code>${d.event}</code> ${deliveryState(d)}</h2>
<dl class="facts">
<dt>Created</dt><dd>${formatTime(d.created_at)}</dd>
<dt>Attempts</dt><dd>${d.attempts}</dd>
<dt>Latest status code</dt><dd>${d.last_status_code ?? (d.last_error_class ? html`none (<code>${d.last_error_class}</code>)` : '—')}</dd>
<dt>Next retry</dt><dd>${d.status === 'pending' && d.next_attempt_at ? formatTime(d.next_attempt_at) : '—'}</dd>
<dt>Payment</dt><dd>${d.payment_id ? html`<a href="${paths.payment(d.payment_id)}"><code>${d.payment_id}</code></a>` : '—'}</dd>
<dt>Key</dt><dd><code>${d.key_hint}</code></dd>
<dt>Endpoint</dt><dd><code>${d.url ?? '—'}</code></dd>
${d.redelivery_of ? html`<dt>Redelivery of</dt><dd><code>${d.redelivery_of}</code></dd>` : ''}
</dl>
${d.last_error ? html`<p class="error-text">${d.last_error}</p>` : ''}
<details><summary>Latest response body${d.last_response_body ? ` (${new TextEncoder().encode(d.last_response_body).length} bytes, at most 1 KiB kept)` : ''}</summary><pre class="body" tabindex="0">${d.last_response_body || '(empty)'}</pre></details>
<details><summary>Signed request body (<code>${d.event_id}</code>)</summary><pre class="body" tabindex="0">${d.request_body}</pre>${d.last_signature ? html`<p>X-Webhook-Signature: <code>${d.last_signature}</code></p>` : ''}</details>
${d.status === 'pending' ? '' : buttonForm({ action: paths.redeliver(d.id), csrf, label: 'Redeliver', style: 'secondary', hidden: { back: query() } })}
</article>`,
  );
  const anyFilter = Object.values(filters).some(Boolean);
  return {
    title: 'Webhooks',
    section: 'webhooks',
    main: html`<h1>Webhook deliveries</h1>
<p class="muted">Every event sent to your ${input.mode}-mode endpoints, newest first. Endpoints are set on each <a href="${paths.keys}">API key</a>. <a href="${paths.events}">All events</a>, delivered or not.</p>
<form class="card filters" method="get" action="${paths.webhooks}" aria-label="Filter deliveries">
<div class="field-row">
${select('status', 'Status', filters.status, Object.entries(STATUS_LABELS))}
${select(
  'event',
  'Event',
  filters.event,
  WEBHOOK_EVENT_NAMES.map((e) => [e, e] as const),
)}
${select(
  'key',
  'API key',
  filters.key,
  input.keys.map((k) => [k.id, `${k.hint} ${k.label}`] as const),
)}
</div>
<div class="field"><label for="f-payment">Payment id</label><input id="f-payment" name="payment" type="text" spellcheck="false" value="${filters.payment}"></div>
<div class="actions"><button type="submit">Show deliveries</button>${anyFilter ? html` <a class="button secondary" href="${paths.webhooks}">Clear filters</a>` : ''}</div>
</form>
${rows.length === 0 ? html`<div class="card"><p>${anyFilter || input.paged ? 'No deliveries match.' : 'No deliveries yet.'}</p></div>` : rows}
<nav class="pager" aria-label="Pages">${input.paged ? html`<a href="${paths.webhooks}${query()}">First page</a>` : ''}${input.next ? html`<a rel="next" href="${paths.webhooks}${query(input.next)}">Older deliveries</a>` : ''}</nav>`,
  };
}
