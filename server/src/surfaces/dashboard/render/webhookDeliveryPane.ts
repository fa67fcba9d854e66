import type { DeliveryStatus } from '../../../domain/webhooks/deliveryTypes.js';
import type { DeliveryLogEntry } from '../../../domain/webhooks/listDeliveries.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { USER_AGENT } from '../../../workers/webhookDelivery/attemptDelivery.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, formatTime } from './forms.js';

export const STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
  exhausted: 'Gave up',
};

/** Where a delivery stands: its status, or why it has not been tried yet. */
export function deliveryState(d: DeliveryLogEntry): SafeHtml {
  if (d.parked)
    return html`<span class="status pending">Waiting</span><br><span class="muted">behind an earlier event of this payment</span>`;
  if (d.status === 'pending' && d.attempts === 0) return html`<span class="status pending">Queued</span>`;
  return html`<span class="status ${d.status}">${STATUS_LABELS[d.status]}</span>`;
}

/** The latest answer's status code, else the class of error that stood for it, else a dash. */
export function statusCodeCell(d: DeliveryLogEntry): SafeHtml | number | string {
  return d.last_status_code ?? (d.last_error_class ? html`none (<code>${d.last_error_class}</code>)` : '—');
}

/** The headers each attempt sends (docs/webhooks.md), the signature as the latest attempt made it. */
function requestHeaders(d: DeliveryLogEntry): SafeHtml {
  const signature = d.last_signature ? html`<code>${d.last_signature}</code>` : 'made at each attempt';
  return html`<details><summary>Request headers</summary>
<dl class="facts headers">
<dt>Content-Type</dt><dd><code>application/json</code></dd>
<dt>User-Agent</dt><dd><code>${USER_AGENT}</code></dd>
<dt>X-Webhook-Event</dt><dd><code>${d.event}</code></dd>
<dt>X-Webhook-Signature</dt><dd>${signature}</dd>
</dl></details>`;
}

/** The latest response body (at most 1 KiB is kept), open: it is what a merchant looks for first. */
function responseBody(d: DeliveryLogEntry): SafeHtml {
  const size = d.last_response_body
    ? ` (${new TextEncoder().encode(d.last_response_body).length} bytes, at most 1 KiB kept)`
    : '';
  const body = html`<pre class="body" tabindex="0">${d.last_response_body || '(empty)'}</pre>`;
  return html`<details open><summary>Latest response body${size}</summary>${body}</details>`;
}

/** The exact body the delivery signed and sent. */
function requestBody(d: DeliveryLogEntry): SafeHtml {
  const body = html`<pre class="body" tabindex="0">${d.request_body}</pre>`;
  return html`<details><summary>Signed request body (<code>${d.event_id}</code>)</summary>${body}</details>`;
}

/**
 * The attempts: the latest with its time, answer and duration (the log keeps the latest attempt's
 * details; earlier ones are counted), and when the next one is due.
 */
function attempts(d: DeliveryLogEntry): SafeHtml {
  const next =
    d.status === 'pending' && d.next_attempt_at
      ? html`<li>Next attempt: ${formatTime(d.next_attempt_at)}</li>`
      : '';
  if (d.attempts === 0 || !d.last_attempt_at)
    return html`<h3>Attempts</h3><ul class="attempts"><li>No attempt yet.</li>${next}</ul>`;
  const outcome =
    d.last_status_code !== null ? `HTTP ${d.last_status_code}` : (d.last_error_class ?? 'no answer');
  const duration = d.last_latency_ms !== null ? ` in ${d.last_latency_ms} ms` : '';
  const earlierOnes = d.attempts === 2 ? 'Attempt 1' : `Attempts 1 to ${d.attempts - 1}`;
  const earlier =
    d.attempts > 1
      ? html`<li class="muted">${earlierOnes}: counted; the log keeps the latest attempt’s details.</li>`
      : '';
  return html`<h3>Attempts</h3>
<ul class="attempts">${earlier}
<li><strong>Attempt ${d.attempts}</strong> (latest): ${formatTime(d.last_attempt_at)}, ${outcome}${duration}</li>
${next}</ul>`;
}

/**
 * The selected delivery: its state and facts, the request it sends (headers and signed body), the
 * endpoint's latest answer, its attempts, and Redeliver once it is finished.
 */
export function deliveryPane(
  paths: DashboardPaths,
  csrf: string,
  d: DeliveryLogEntry,
  back: string,
): SafeHtml {
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
      : html`<div class="actions">${buttonForm({
          action: paths.redeliver(d.id),
          csrf,
          label: 'Redeliver',
          style: 'secondary',
          hidden: { back },
        })}</div>`;
  return html`<article class="card delivery delivery-pane" id="delivery-detail" aria-labelledby="d-${d.id}">
<h2 id="d-${d.id}" class="delivery-head"><code>${d.event}</code> ${deliveryState(d)}</h2>
<dl class="facts">
<dt>Created</dt><dd>${formatTime(d.created_at)}</dd>
<dt>Attempts</dt><dd>${d.attempts}</dd>
<dt>Latest status code</dt><dd>${statusCodeCell(d)}</dd>
<dt>Next retry</dt><dd>${nextRetry}</dd>
<dt>Payment</dt><dd>${payment}</dd>
<dt>Key</dt><dd><code>${d.key_hint}</code></dd>
<dt>Endpoint</dt><dd><code>${d.url ?? '—'}</code></dd>
<dt>Delivery</dt><dd><code>${d.id}</code></dd>
${redelivery}
</dl>
${d.last_error ? html`<p class="error-text">${d.last_error}</p>` : ''}
${redeliver}
${responseBody(d)}
${attempts(d)}
${requestHeaders(d)}
${requestBody(d)}
</article>`;
}
