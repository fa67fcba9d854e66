import { INVOICE_EVENT_NAMES, PAYMENT_EVENT_NAMES } from '@cairn/contract';
import type { ApiKeyDetail, ApiKeySummary } from '../../../domain/apiKeys/ApiKeySummary.js';
import type { DeliveryLogEntry } from '../../../domain/webhooks/listDeliveries.js';
import type { KeyWebhook } from '../../../domain/webhooks/loadKeyWebhook.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { FormState } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, formatTime } from './forms.js';
import type { Page } from './Page.js';
import type { Viewer } from './Viewer.js';

const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  revoked: 'Revoked',
};

export function keysPage(
  paths: DashboardPaths,
  viewer: Viewer,
  keys: readonly ApiKeySummary[],
  hasWallet: boolean,
): Page {
  return {
    title: 'API keys',
    section: 'keys',
    main: html`<h1>API keys (${viewer.mode} mode)</h1>
<p>Your server calls the API with a key; each key can have one webhook endpoint.</p>
${
  keys.length === 0
    ? html`<div class="card"><p>No ${viewer.mode}-mode key yet.</p></div>`
    : html`<div class="card table-wrap" tabindex="0" role="region" aria-label="API keys"><table><caption class="visually-hidden-label">API keys</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Label</th><th scope="col">Mode</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col">Webhook</th></tr></thead>
<tbody>${keys.map(
        (k) =>
          html`<tr><td><a href="${paths.key(k.id)}"><code>${k.hint}</code></a></td><td>${k.label}</td><td>${k.mode}</td><td>${formatTime(k.createdAt)}</td><td>${k.lastUsedAt ? formatTime(k.lastUsedAt) : 'Never'}</td><td><span class="status ${k.status}">${STATUS_LABEL[k.status]}</span></td><td>${k.hasWebhookEndpoint ? 'Set' : '—'}</td></tr>`,
      )}</tbody></table></div>`
}
${
  hasWallet
    ? html`<p><a class="button" href="${paths.newKey}">Create an API key</a></p>`
    : html`<div class="notice warn" role="status">Add a ${viewer.mode}-mode wallet first: a key can only take payments to a wallet. <a href="${paths.newWallet}">Add a wallet</a></div>`
}`,
  };
}

function checkbox(name: string, label: string, checked: boolean, hint?: string): SafeHtml {
  const id = `c-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return html`<label for="${id}"><input type="checkbox" id="${id}" name="${name}"${checked ? html` checked` : ''}> <span>${label}${hint ? html` <span class="muted">${hint}</span>` : ''}</span></label>`;
}

/** The create-key form: every token the mode's wallets cover, preselected. */
export function newKeyPage(
  paths: DashboardPaths,
  csrf: string,
  viewer: Viewer,
  covered: readonly string[],
  state: FormState & { deselected?: ReadonlySet<string> } = {},
): Page {
  return {
    title: 'Create an API key',
    section: 'keys',
    narrow: true,
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>Create a ${viewer.mode}-mode API key</h1>
<div class="card">
<form method="post" action="${paths.keys}" novalidate>
${csrfField(csrf)}
${field({ name: 'label', label: 'Label', required: true, maxlength: 100, value: state.values?.label ?? '', hint: 'What it is for, e.g. “shop server”. Only you see it.', ...(state.errors?.label ? { error: state.errors.label } : {}) })}
<fieldset${state.errors?.tokens ? html` aria-describedby="tokens-error"` : ''}><legend>Chains and tokens this key may take</legend>
${covered.map((t) => checkbox(`token:${t}`, t.replace(':', ' · '), !state.deselected?.has(t)))}
<p class="hint">Every pair your ${viewer.mode}-mode wallets cover; untick what this key must not offer.</p>
${state.errors?.tokens ? html`<p class="error-text" id="tokens-error">${state.errors.tokens}</p>` : ''}
</fieldset>
<div class="field">
<label for="f-allowed_ips">Allowed caller IP addresses (optional)</label>
<textarea id="f-allowed_ips" name="allowed_ips" aria-describedby="f-allowed_ips-hint${state.errors?.allowed_ips ? ' f-allowed_ips-error' : ''}"${state.errors?.allowed_ips ? html` aria-invalid="true"` : ''} spellcheck="false">${state.values?.allowed_ips ?? ''}</textarea>
<p class="hint" id="f-allowed_ips-hint">IP addresses or CIDR ranges, one per line or comma-separated. Empty: any address.</p>
${state.errors?.allowed_ips ? html`<p class="error-text" id="f-allowed_ips-error">${state.errors.allowed_ips}</p>` : ''}
</div>
<div class="actions"><button type="submit">Create key</button><a href="${paths.keys}">Cancel</a></div>
</form>
</div>`,
  };
}

/** A secret shown once: selectable, with a copy button (shown by the script) and a warning. */
function secretBox(id: string, value: string, warning: string): SafeHtml {
  return html`<div class="notice warn" role="status"><strong>${warning}</strong></div>
<code class="secret" id="${id}">${value}</code>
<button type="button" class="secondary" data-copy="${id}" hidden>Copy</button>`;
}

function webhookSection(
  paths: DashboardPaths,
  csrf: string,
  key: ApiKeyDetail,
  webhook: KeyWebhook,
  extra: KeyPageExtras,
): SafeHtml {
  const { endpoint } = webhook;
  const events = new Set(extra.values?.events?.split(',') ?? endpoint?.events ?? PAYMENT_EVENT_NAMES);
  const active = key.status === 'active';
  const test = extra.testDelivery;
  return html`<section class="card" aria-labelledby="webhook-heading">
<h2 id="webhook-heading">Webhook endpoint</h2>
${extra.webhookSecret ? secretBox('webhook-secret', extra.webhookSecret, 'Copy this signing secret now: it is shown only once. Your server verifies every webhook with it.') : ''}
${extra.rotatedUntil ? html`<p role="status">The previous secret keeps working until <strong>${formatTime(extra.rotatedUntil)}</strong>; webhooks are signed with both until then.</p>` : ''}
${endpoint?.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > extra.now && !extra.rotatedUntil ? html`<p>The previous secret keeps working until ${formatTime(endpoint.previousSecretExpiresAt)}.</p>` : ''}
${
  !active
    ? html`<p>The webhook endpoint can be changed while the key is active.</p>`
    : html`<form method="post" action="${paths.webhook(key.id)}" novalidate>
${csrfField(csrf)}
${field({ name: 'url', label: 'Endpoint URL', type: 'url', required: true, value: extra.values?.url ?? endpoint?.url ?? '', placeholder: 'https://shop.example.com/webhooks/cairn', hint: key.mode === 'live' ? 'https only. Localhost and private networks are refused.' : 'https, or http for testing. Localhost and private networks are refused unless the operator allows them for test mode.', ...(extra.errors?.url ? { error: extra.errors.url } : {}) })}
<fieldset><legend>Payment events</legend>${PAYMENT_EVENT_NAMES.map((e) => checkbox(`event:${e}`, e, events.has(e)))}</fieldset>
<fieldset><legend>Invoice events (optional)</legend>${INVOICE_EVENT_NAMES.map((e) => checkbox(`event:${e}`, e, events.has(e)))}</fieldset>
${extra.errors?.events ? html`<p class="error-text" role="alert">${extra.errors.events}</p>` : ''}
<div class="field">
<label for="f-destination_ips">Destination IP allowlist (optional)</label>
<textarea id="f-destination_ips" name="destination_ips" aria-describedby="f-destination_ips-hint" spellcheck="false">${extra.values?.destination_ips ?? endpoint?.allowedIps.join('\n') ?? ''}</textarea>
<p class="hint" id="f-destination_ips-hint">Deliver only when the URL’s host resolves to one of these addresses or ranges. Empty: any public address.</p>
${extra.errors?.destination_ips ? html`<p class="error-text">${extra.errors.destination_ips}</p>` : ''}
</div>
<div class="actions"><button type="submit">${endpoint ? 'Save endpoint' : 'Add endpoint'}</button></div>
</form>`
}
${
  endpoint && active
    ? html`<div class="actions">
${buttonForm({ action: paths.webhookTest(key.id), csrf, label: 'Send test', style: 'secondary' })}
${buttonForm({ action: paths.webhookRotate(key.id), csrf, label: 'Rotate secret', style: 'secondary', confirm: 'Make a new signing secret? The current one keeps working for 24 hours.' })}
</div>`
    : ''
}
${
  test
    ? html`<div class="notice ${test.status === 'delivered' ? 'ok' : test.status === 'pending' ? 'info' : 'error'}" role="status" id="test-outcome">
<strong>Send test: ${test.status === 'delivered' ? 'delivered' : test.status === 'pending' ? 'still being delivered' : 'not delivered'}.</strong>
${test.last_status_code !== null ? html` Your endpoint answered HTTP ${test.last_status_code}.` : ''}
${test.last_latency_ms !== null ? html` (${test.last_latency_ms} ms)` : ''}
${test.last_error ? html` ${test.last_error}` : ''}
${test.status === 'pending' ? ' Reload this page in a moment to see the outcome.' : ''}
</div>`
    : ''
}
${
  webhook.recentDeliveries.length > 0
    ? html`<h3>Recent deliveries</h3><div class="table-wrap" tabindex="0" role="region" aria-label="Recent deliveries"><table><caption class="visually-hidden-label">Recent deliveries</caption>
<thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">HTTP</th></tr></thead>
<tbody>${webhook.recentDeliveries.map((d) => html`<tr><td>${formatTime(d.created_at)}</td><td>${d.event}</td><td><span class="status ${d.status}">${d.status}</span></td><td>${d.last_status_code ?? '—'}</td></tr>`)}</tbody></table></div>`
    : ''
}
</section>`;
}

/** What a key page may show besides the key: secrets shown once, a test's outcome, form state. */
export interface KeyPageExtras extends FormState {
  readonly now: Date;
  readonly fullKey?: string;
  readonly webhookSecret?: string;
  readonly rotatedUntil?: Date;
  readonly testDelivery?: DeliveryLogEntry;
}

export function keyPage(
  paths: DashboardPaths,
  csrf: string,
  key: ApiKeyDetail,
  webhook: KeyWebhook,
  extra: KeyPageExtras,
): Page {
  return {
    title: `API key ${key.label}`,
    section: 'keys',
    ...(extra.notice ? { notice: extra.notice } : {}),
    ...(extra.status ? { status: extra.status } : {}),
    main: html`<h1>API key “${key.label}”</h1>
${
  extra.fullKey
    ? html`<section class="card" aria-labelledby="new-key-heading"><h2 id="new-key-heading">Your new key</h2>
${secretBox('full-key', extra.fullKey, 'Copy this key now: it is shown only once and cannot be recovered. Keep it on your server, never in a browser or app.')}</section>`
    : ''
}
<section class="card" aria-labelledby="key-heading">
<h2 id="key-heading"><code>${key.hint}</code> <span class="status ${key.status}">${STATUS_LABEL[key.status]}</span></h2>
<p>Mode: ${key.mode} · Created ${formatTime(key.createdAt)} · Last used ${key.lastUsedAt ? formatTime(key.lastUsedAt) : 'never'}</p>
<p>Chains and tokens: ${key.allowedTokens.join(', ')}</p>
<p>Caller IP allowlist: ${key.allowedIps.length > 0 ? key.allowedIps.join(', ') : 'any address'}</p>
<div class="actions">
${key.status === 'active' ? buttonForm({ action: paths.keyAction(key.id, 'deactivate'), csrf, label: 'Deactivate', style: 'secondary', confirm: 'Deactivate this key? Calls with it are refused until you reactivate it.' }) : ''}
${key.status === 'deactivated' ? buttonForm({ action: paths.keyAction(key.id, 'reactivate'), csrf, label: 'Reactivate', style: 'secondary' }) : ''}
${key.status !== 'revoked' ? buttonForm({ action: paths.keyAction(key.id, 'revoke'), csrf, label: 'Revoke', style: 'danger', confirm: 'Revoke this key for good? Every call with it is refused from now on.' }) : ''}
</div>
</section>
${key.status === 'revoked' ? '' : webhookSection(paths, csrf, key, webhook, extra)}
<p><a href="${paths.keys}">All keys</a></p>`,
  };
}

/** The page for a key id that is not one of the business's keys in this mode. */
export function keysNotFoundPage(paths: DashboardPaths): Page {
  return {
    title: 'No such key',
    section: 'keys',
    status: 404,
    main: html`<h1>No such key in this mode</h1><div class="card"><p>It may belong to the other mode or another business.</p><p><a href="${paths.keys}">All keys</a></p></div>`,
  };
}
