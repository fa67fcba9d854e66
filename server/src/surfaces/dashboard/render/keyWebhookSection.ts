import { INVOICE_EVENT_NAMES, PAYMENT_EVENT_NAMES, STRAY_FUNDS_EVENT_NAMES } from '@cairn/contract';
import type { ApiKeyDetail } from '../../../domain/apiKeys/ApiKeySummary.js';
import type { DeliveryLogEntry } from '../../../domain/webhooks/listDeliveries.js';
import type { KeyWebhook, WebhookEndpointSummary } from '../../../domain/webhooks/loadKeyWebhook.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { FormState } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, fieldError, formatTime } from './forms.js';
import { keyCheckbox } from './keyCheckbox.js';
import { tableColumns } from './tableParts.js';

/** What a key page may show besides the key: secrets shown once, a test's outcome, form state. */
export interface KeyPageExtras extends FormState {
  readonly now: Date;
  readonly fullKey?: string;
  readonly webhookSecret?: string;
  readonly rotatedUntil?: Date;
  readonly testDelivery?: DeliveryLogEntry;
}

/** A secret shown once: selectable, with a copy button (shown by the script) and a warning. */
export function secretBox(id: string, value: string, warning: string): SafeHtml {
  return html`<div class="notice warn" role="status"><strong>${warning}</strong></div>
<code class="secret" id="${id}">${value}</code>
<button type="button" class="secondary" data-copy="${id}" hidden>Copy</button>`;
}

const URL_HINT = {
  live: 'https only. Localhost and private networks are refused.',
  test:
    'https, or http for testing. ' +
    'Localhost and private networks are refused unless the operator allows them for test mode.',
} as const;

const DESTINATION_HINT =
  'Deliver only when the URL’s host resolves to one of these addresses or ranges. Empty: any public address.';

/** The destination allowlist: a textarea of addresses or ranges, one per line. */
function destinationField(endpoint: WebhookEndpointSummary | null, extra: KeyPageExtras): SafeHtml {
  const value = extra.values?.destination_ips ?? endpoint?.allowedIps.join('\n') ?? '';
  const error = extra.errors?.destination_ips;
  return html`<div class="field">
<label for="f-destination_ips">Destination IP allowlist (optional)</label>
<textarea id="f-destination_ips" name="destination_ips" aria-describedby="f-destination_ips-hint" spellcheck="false">${value}</textarea>
<p class="hint" id="f-destination_ips-hint">${DESTINATION_HINT}</p>
${error ? html`<p class="error-text">${error}</p>` : ''}
</div>`;
}

/** The endpoint's form: URL, subscribed events and destination allowlist. */
function endpointForm(
  paths: DashboardPaths,
  csrf: string,
  key: ApiKeyDetail,
  endpoint: WebhookEndpointSummary | null,
  extra: KeyPageExtras,
): SafeHtml {
  const events = new Set(
    extra.values?.events?.split(',') ??
      endpoint?.events ?? [...PAYMENT_EVENT_NAMES, ...STRAY_FUNDS_EVENT_NAMES],
  );
  const box = (e: string) => keyCheckbox(`event:${e}`, e, events.has(e));
  const eventsError = extra.errors?.events
    ? html`<p class="error-text" role="alert">${extra.errors.events}</p>`
    : '';
  return html`<form method="post" action="${paths.webhook(key.id)}" novalidate>
${csrfField(csrf)}
${field({
  name: 'url',
  label: 'Endpoint URL',
  type: 'url',
  required: true,
  value: extra.values?.url ?? endpoint?.url ?? '',
  placeholder: 'https://shop.example.com/webhooks/cairn',
  hint: URL_HINT[key.mode],
  ...fieldError(extra.errors, 'url'),
})}
<fieldset><legend>Payment events</legend>${PAYMENT_EVENT_NAMES.map(box)}</fieldset>
<fieldset><legend>Stray funds events</legend>${STRAY_FUNDS_EVENT_NAMES.map(box)}</fieldset>
<fieldset><legend>Invoice events (optional)</legend>${INVOICE_EVENT_NAMES.map(box)}</fieldset>
${eventsError}
${destinationField(endpoint, extra)}
<div class="actions"><button type="submit">${endpoint ? 'Save endpoint' : 'Add endpoint'}</button></div>
</form>`;
}

/** Send test and Rotate secret, for an endpoint of an active key, with Send test's outcome right under them. */
function endpointActions(
  paths: DashboardPaths,
  csrf: string,
  key: ApiKeyDetail,
  test: DeliveryLogEntry | undefined,
): SafeHtml {
  const rotate = buttonForm({
    action: paths.webhookRotate(key.id),
    csrf,
    label: 'Rotate secret',
    style: 'secondary',
    confirm: 'Make a new signing secret? The current one keeps working for 24 hours.',
  });
  return html`<div class="actions">
${buttonForm({ action: paths.webhookTest(key.id), csrf, label: 'Send test', style: 'secondary' })}
${rotate}
</div>
${test ? testOutcome(test) : ''}`;
}

/** What became of "Send test": delivered, still being delivered, or not, with the endpoint's answer. */
function testOutcome(test: DeliveryLogEntry): SafeHtml {
  const kind = test.status === 'delivered' ? 'ok' : test.status === 'pending' ? 'info' : 'error';
  const outcome =
    test.status === 'delivered'
      ? 'delivered'
      : test.status === 'pending'
        ? 'still being delivered'
        : 'not delivered';
  const code =
    test.last_status_code !== null ? html` Your endpoint answered HTTP ${test.last_status_code}.` : '';
  const latency = test.last_latency_ms !== null ? html` (${test.last_latency_ms} ms)` : '';
  return html`<div class="notice ${kind} test-outcome" role="status" id="test-outcome" tabindex="-1">
<strong>Send test: ${outcome}.</strong>
${code}
${latency}
${test.last_error ? html` ${test.last_error}` : ''}
${test.status === 'pending' ? ' Reload this page in a moment to see the outcome.' : ''}
</div>`;
}

const RECENT = tableColumns('When', 'Event', 'Status', 'HTTP');

/** One recent delivery: when, which event, its status and the HTTP status it got. */
function recentDeliveryRow(d: DeliveryLogEntry): SafeHtml {
  const status = html`<span class="status ${d.status}">${d.status}</span>`;
  return RECENT.row(formatTime(d.created_at), d.event, status, d.last_status_code ?? '—');
}

function recentDeliveries(deliveries: readonly DeliveryLogEntry[]): SafeHtml {
  const caption = html`<caption class="visually-hidden-label">Recent deliveries</caption>`;
  return html`<h3>Recent deliveries</h3><div class="table-wrap" tabindex="0" role="region" aria-label="Recent deliveries"><table>${caption}
${RECENT.head}
<tbody>${deliveries.map(recentDeliveryRow)}</tbody></table></div>`;
}

/** Until when the secret before the rotation just made still signs. */
function justRotated(until: Date): SafeHtml {
  const when = html`<strong>${formatTime(until)}</strong>`;
  return html`<p role="status">The previous secret keeps working until ${when}; webhooks are signed with both until then.</p>`;
}

/** Until when the secret before an earlier rotation still signs, while it does. */
function stillSigning(endpoint: WebhookEndpointSummary | null, now: Date): SafeHtml | '' {
  const expires = endpoint?.previousSecretExpiresAt;
  return expires && expires > now
    ? html`<p>The previous secret keeps working until ${formatTime(expires)}.</p>`
    : '';
}

const SECRET_WARNING =
  'Copy this signing secret now: it is shown only once. Your server verifies every webhook with it.';

/** A key's webhook endpoint: its secret when just made, its form, its test and recent deliveries. */
export function keyWebhookSection(
  paths: DashboardPaths,
  csrf: string,
  key: ApiKeyDetail,
  webhook: KeyWebhook,
  extra: KeyPageExtras,
): SafeHtml {
  const { endpoint } = webhook;
  const active = key.status === 'active';
  return html`<section class="card" aria-labelledby="webhook-heading">
<h2 id="webhook-heading">Webhook endpoint</h2>
${extra.webhookSecret ? secretBox('webhook-secret', extra.webhookSecret, SECRET_WARNING) : ''}
${extra.rotatedUntil ? justRotated(extra.rotatedUntil) : ''}
${extra.rotatedUntil ? '' : stillSigning(endpoint, extra.now)}
${
  active
    ? endpointForm(paths, csrf, key, endpoint, extra)
    : html`<p>The webhook endpoint can be changed while the key is active.</p>`
}
${endpoint && active ? endpointActions(paths, csrf, key, extra.testDelivery) : ''}
${extra.testDelivery && !(endpoint && active) ? testOutcome(extra.testDelivery) : ''}
${webhook.recentDeliveries.length > 0 ? recentDeliveries(webhook.recentDeliveries) : ''}
</section>`;
}
