import { isOptInToken } from '@cairn/contract';
import type { ApiKeyDetail, ApiKeySummary } from '../../../domain/apiKeys/ApiKeySummary.js';
import type { KeyWebhook } from '../../../domain/webhooks/loadKeyWebhook.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { FormState } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, fieldError, formatTime } from './forms.js';
import { keyCheckbox } from './keyCheckbox.js';
import { type KeyPageExtras, keyWebhookSection, secretBox } from './keyWebhookSection.js';
import { emptyCard } from './listControls.js';
import type { Page } from './Page.js';
import { tableColumns } from './tableParts.js';
import { tokenLabel } from './tokenLabel.js';
import type { Viewer } from './Viewer.js';

export type { KeyPageExtras } from './keyWebhookSection.js';

const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  revoked: 'Revoked',
};

/** A key's status badge. */
const statusCell = (status: string) => html`<span class="status ${status}">${STATUS_LABEL[status]}</span>`;

const KEY_COLUMNS = tableColumns('Key', 'Label', 'Mode', 'Created', 'Last used', 'Status', 'Webhook');

/** One key: its hint (linking to its page), label, mode, dates, status and whether it has a webhook. */
function keyRow(paths: DashboardPaths, k: ApiKeySummary): SafeHtml {
  const hint = html`<a href="${paths.key(k.id)}"><code>${k.hint}</code></a>`;
  const lastUsed = k.lastUsedAt ? formatTime(k.lastUsedAt) : 'Never';
  const webhook = k.hasWebhookEndpoint ? 'Set' : '—';
  return KEY_COLUMNS.row(
    hint,
    k.label,
    k.mode,
    formatTime(k.createdAt),
    lastUsed,
    statusCell(k.status),
    webhook,
  );
}

function keysTable(paths: DashboardPaths, keys: readonly ApiKeySummary[]): SafeHtml {
  return html`<div class="card table-wrap" tabindex="0" role="region" aria-label="API keys"><table><caption class="visually-hidden-label">API keys</caption>
${KEY_COLUMNS.head}
<tbody>${keys.map((k) => keyRow(paths, k))}</tbody></table></div>`;
}

/** Create a key, or first a wallet (a key can only take payments to a wallet of its mode). */
function createKeyLink(paths: DashboardPaths, viewer: Viewer, hasWallet: boolean): SafeHtml {
  if (hasWallet) return html`<p><a class="button" href="${paths.newKey}">Create an API key</a></p>`;
  const add = html`<a href="${paths.newWallet}">Add a wallet</a>`;
  return html`<div class="notice warn" role="status">Add a ${viewer.mode}-mode wallet first: a key can only take payments to a wallet. ${add}</div>`;
}

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
${keys.length === 0 ? emptyCard(`No ${viewer.mode}-mode key yet.`) : keysTable(paths, keys)}
${createKeyLink(paths, viewer, hasWallet)}`,
  };
}

/** The caller IP allowlist: a textarea of addresses or ranges, with its hint and error. */
function allowedIpsField(state: FormState): SafeHtml {
  const error = state.errors?.allowed_ips;
  const describedBy = `f-allowed_ips-hint${error ? ' f-allowed_ips-error' : ''}`;
  const invalid = error ? html` aria-invalid="true"` : '';
  const value = state.values?.allowed_ips ?? '';
  const textarea = html`<textarea id="f-allowed_ips" name="allowed_ips" aria-describedby="${describedBy}"${invalid} spellcheck="false">${value}</textarea>`;
  return html`<div class="field">
<label for="f-allowed_ips">Allowed caller IP addresses (optional)</label>
${textarea}
<p class="hint" id="f-allowed_ips-hint">IP addresses or CIDR ranges, one per line or comma-separated. Empty: any address.</p>
${error ? html`<p class="error-text" id="f-allowed_ips-error">${error}</p>` : ''}
</div>`;
}

/**
 * The tokens the key may take: every pair the mode's wallets cover, ticked unless unticked before (the
 * route unticks opt-in coins such as USDC.e at first), each named for people (`POLYGON · USDC.e (bridged)`).
 */
function tokensFieldset(
  viewer: Viewer,
  covered: readonly string[],
  state: FormState & { deselected?: ReadonlySet<string> },
): SafeHtml {
  const error = state.errors?.tokens;
  const boxes = covered.map((t) => keyCheckbox(`token:${t}`, tokenLabel(t), !state.deselected?.has(t)));
  return html`<fieldset${error ? html` aria-describedby="tokens-error"` : ''}><legend>Chains and tokens this key may take</legend>
${boxes}
<p class="hint">Every pair your ${viewer.mode}-mode wallets cover; untick what this key must not offer.${
    covered.some(isOptInToken)
      ? ' Bridged coins such as USDC.e start unticked: tick one to accept it beside the native coin.'
      : ''
  }</p>
${error ? html`<p class="error-text" id="tokens-error">${error}</p>` : ''}
</fieldset>`;
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
${field({
  name: 'label',
  label: 'Label',
  required: true,
  maxlength: 100,
  value: state.values?.label ?? '',
  hint: 'What it is for, e.g. “shop server”. Only you see it.',
  ...fieldError(state.errors, 'label'),
})}
${tokensFieldset(viewer, covered, state)}
${allowedIpsField(state)}
<div class="actions"><button type="submit">Create key</button><a href="${paths.keys}">Cancel</a></div>
</form>
</div>`,
  };
}

/** Deactivate, Reactivate and Revoke, as the key's status allows them. */
function keyActions(paths: DashboardPaths, csrf: string, key: ApiKeyDetail): (SafeHtml | '')[] {
  const action = (name: 'deactivate' | 'reactivate' | 'revoke') => paths.keyAction(key.id, name);
  return [
    key.status === 'active'
      ? buttonForm({
          action: action('deactivate'),
          csrf,
          label: 'Deactivate',
          style: 'secondary',
          confirm: 'Deactivate this key? Calls with it are refused until you reactivate it.',
        })
      : '',
    key.status === 'deactivated'
      ? buttonForm({ action: action('reactivate'), csrf, label: 'Reactivate', style: 'secondary' })
      : '',
    key.status !== 'revoked'
      ? buttonForm({
          action: action('revoke'),
          csrf,
          label: 'Revoke',
          style: 'danger',
          confirm: 'Revoke this key for good? Every call with it is refused from now on.',
        })
      : '',
  ];
}

const NEW_KEY_WARNING =
  'Copy this key now: it is shown only once and cannot be recovered. ' +
  'Keep it on your server, never in a browser or app.';

/** The key just created, shown once. */
function newKeySection(fullKey: string): SafeHtml {
  return html`<section class="card" aria-labelledby="new-key-heading"><h2 id="new-key-heading">Your new key</h2>
${secretBox('full-key', fullKey, NEW_KEY_WARNING)}</section>`;
}

/** The key's facts: mode, dates, what it may take and from where, and its actions. */
function keySection(paths: DashboardPaths, csrf: string, key: ApiKeyDetail): SafeHtml {
  const lastUsed = key.lastUsedAt ? formatTime(key.lastUsedAt) : 'never';
  const ips = key.allowedIps.length > 0 ? key.allowedIps.join(', ') : 'any address';
  const [deactivate, reactivate, revoke] = keyActions(paths, csrf, key);
  return html`<section class="card" aria-labelledby="key-heading">
<h2 id="key-heading"><code>${key.hint}</code> ${statusCell(key.status)}</h2>
<p>Mode: ${key.mode} · Created ${formatTime(key.createdAt)} · Last used ${lastUsed}</p>
<p>Chains and tokens: ${key.allowedTokens.map(tokenLabel).join(', ')}</p>
<p>Caller IP allowlist: ${ips}</p>
<div class="actions">
${deactivate}
${reactivate}
${revoke}
</div>
</section>`;
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
${extra.fullKey ? newKeySection(extra.fullKey) : ''}
${keySection(paths, csrf, key)}
${key.status === 'revoked' ? '' : keyWebhookSection(paths, csrf, key, webhook, extra)}
<p><a href="${paths.keys}">All keys</a></p>`,
  };
}

/** The page for a key id that is not one of the business's keys in this mode. */
export function keysNotFoundPage(paths: DashboardPaths): Page {
  const text = 'It may belong to the other mode or another business.';
  return {
    title: 'No such key',
    section: 'keys',
    status: 404,
    main: html`<h1>No such key in this mode</h1><div class="card"><p>${text}</p><p><a href="${paths.keys}">All keys</a></p></div>`,
  };
}
