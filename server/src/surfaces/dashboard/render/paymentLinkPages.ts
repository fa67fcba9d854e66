import type { PaymentLink } from '@cairn/contract';
import type { ApiKeyLabel } from '../../../domain/apiKeys/ApiKeySummary.js';
import type { PaymentLinkDetail } from '../../../domain/paymentLinks/loadPaymentLinkDetail.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, formatTime } from './forms.js';
import type { Page } from './Page.js';
import { statusBadge } from './paymentPages.js';

/** A key a link may be created for (its payments, and their webhooks, are that key's). */
export interface LinkKeyChoice {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
}

/** The new-link form as typed, and why it was refused. */
export interface LinkFormState {
  readonly values: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, string>>;
}

const amountOf = (link: PaymentLink) => formatFiat(link.fiat_amount, link.fiat_currency, 'en-US');
const usesOf = (link: PaymentLink) =>
  link.max_uses === null ? `${link.uses}` : `${link.uses} of ${link.max_uses}`;
const stateTag = (link: PaymentLink) =>
  link.active
    ? link.max_uses !== null && link.uses >= link.max_uses
      ? html`<span class="tag warn">sold out</span>`
      : html`<span class="tag">active</span>`
    : html`<span class="tag off">deactivated</span>`;

/** The link's public URL, selectable, with a copy button (shown by the script). */
function urlBox(link: PaymentLink): SafeHtml {
  const id = `url-${link.id}`;
  return html`<code class="secret" id="${id}">${link.url}</code>
<button type="button" class="secondary" data-copy="${id}" hidden>Copy link</button>`;
}

function newLinkForm(
  paths: DashboardPaths,
  csrf: string,
  keys: readonly LinkKeyChoice[],
  state: LinkFormState,
): SafeHtml {
  const v = state.values;
  const e = state.errors;
  if (keys.length === 0) {
    return html`<div class="card"><h2>New payment link</h2><p>A link creates payments of an API key, whose webhook endpoint gets their events. <a href="${paths.newKey}">Create an API key</a> first.</p></div>`;
  }
  const keyId = 'f-api_key';
  return html`<form class="card" method="post" action="${paths.links}" aria-labelledby="new-link">
<h2 id="new-link">New payment link</h2>
${csrfField(csrf)}
<div class="field-row">
${field({ name: 'fiat_amount', label: 'Amount', value: v.fiat_amount ?? '', required: true, placeholder: '25.00', ...(e.fiat_amount ? { error: e.fiat_amount } : {}) })}
${field({ name: 'fiat_currency', label: 'Currency', value: v.fiat_currency ?? 'USD', required: true, maxlength: 3, hint: 'ISO 4217, e.g. USD or EUR.', ...(e.fiat_currency ? { error: e.fiat_currency } : {}) })}
</div>
${field({ name: 'description', label: 'Description', value: v.description ?? '', maxlength: 200, hint: 'Shown on the link page and the checkout.', ...(e.description ? { error: e.description } : {}) })}
<div class="field-row">
${field({ name: 'max_uses', label: 'Limit on uses (optional)', value: v.max_uses ?? '', hint: 'Payments that may be open or paid at once; expired unpaid and cancelled ones give theirs back.', ...(e.max_uses ? { error: e.max_uses } : {}) })}
${field({ name: 'success_url', label: 'After payment, send the customer to (optional)', type: 'url', value: v.success_url ?? '', ...(e.success_url ? { error: e.success_url } : {}) })}
</div>
<div class="field"><label for="${keyId}">API key</label>
<select id="${keyId}" name="api_key" aria-describedby="${keyId}-hint${e.api_key ? ` ${keyId}-error` : ''}">${keys.map(
    (k) =>
      html`<option value="${k.id}"${k.id === v.api_key ? html` selected` : ''}>${k.label} (${k.hint})</option>`,
  )}</select>
<p class="hint" id="${keyId}-hint">The link's payments are this key's: they follow its allowed coins, and its webhook endpoint gets their events.</p>
${e.api_key ? html`<p class="error-text" id="${keyId}-error">${e.api_key}</p>` : ''}
</div>
<div class="actions"><button type="submit">Create link</button></div>
</form>`;
}

export function paymentLinksPage(
  paths: DashboardPaths,
  csrf: string,
  input: {
    readonly links: readonly PaymentLink[];
    readonly next: string | null;
    readonly paged: boolean;
    readonly mode: string;
    readonly keys: readonly LinkKeyChoice[];
    readonly form: LinkFormState;
  },
): Page {
  const refused = Object.keys(input.form.errors).length > 0;
  const rows = input.links.map(
    (link) => html`<tr>
<td><a href="${paths.link(link.id)}">${link.description ?? 'Untitled link'}</a></td>
<td class="num">${amountOf(link)}</td>
<td>${stateTag(link)}</td>
<td class="num">${usesOf(link)}</td>
<td>${formatTime(link.created_at)}</td>
</tr>`,
  );
  return {
    title: 'Payment links',
    section: 'links',
    ...(refused
      ? { status: 422, notice: { kind: 'error', text: 'The link was not created: see the fields below.' } }
      : {}),
    main: html`<h1>Payment links</h1>
<p class="muted">A link is a page for a fixed amount: share it, and each customer who presses Pay gets a ${input.mode}-mode payment of their own. The API has the same links (<code>/api/v1/payment-links</code>).</p>
${
  input.links.length === 0 && !input.paged
    ? html`<div class="card"><p>No ${input.mode}-mode payment links yet.</p></div>`
    : html`<div class="card table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">${input.mode === 'test' ? 'Test' : 'Live'}-mode payment links, newest first</caption>
<thead><tr><th scope="col">Link</th><th scope="col">Amount</th><th scope="col">State</th><th scope="col">Uses</th><th scope="col">Created</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
<nav class="pager" aria-label="Pages">${input.paged ? html`<a href="${paths.links}">First page</a>` : ''}${input.next ? html`<a rel="next" href="${paths.links}?after=${input.next}">Older links</a>` : ''}</nav>
${newLinkForm(paths, csrf, input.keys, input.form)}`,
  };
}

/** The key a link was made with, and whether the link can take payments. */
function keyLabel(key: ApiKeyLabel | null): string {
  if (!key) return '—';
  const state = key.status === 'active' ? '' : ` — ${key.status}: the link cannot take payments`;
  return `${key.label} (${key.hint})${state}`;
}

export function paymentLinkPage(paths: DashboardPaths, csrf: string, input: PaymentLinkDetail): Page {
  const { link } = input;
  const accepted = [...link.accepted_tokens, ...link.accepted_chains, ...link.accepted_coins];
  const metadata = Object.entries(link.metadata);
  return {
    title: `Payment link ${link.description ?? ''}`.trim(),
    section: 'links',
    main: html`<p><a href="${paths.links}">← Payment links</a></p>
<h1>${link.description ?? 'Untitled link'} <span class="muted">${amountOf(link)}</span></h1>
<div class="card">
<h2>Share</h2>
${urlBox(link)}
<p class="hint">Each press of Pay on this page creates a payment; viewing it creates nothing.</p>
</div>
<div class="card">
<dl class="facts">
<dt>State</dt><dd>${stateTag(link)}${link.deactivated_at ? html` <span class="muted">since ${formatTime(link.deactivated_at)}</span>` : ''}</dd>
<dt>Uses</dt><dd>${usesOf(link)}${link.max_uses === null ? html` <span class="muted">(no limit)</span>` : ''}</dd>
<dt>Accepted</dt><dd>${accepted.length === 0 ? 'Every coin the key offers' : `${accepted.join(', ')}${link.restrict_to_accepted ? ' (only these)' : ' (shown first)'}`}</dd>
<dt>After payment</dt><dd>${link.success_url ?? '—'}</dd>
<dt>API key</dt><dd>${keyLabel(input.key)}</dd>
<dt>Metadata</dt><dd>${metadata.length === 0 ? '—' : metadata.map(([k, v]) => html`<code>${k}</code>: ${v}<br>`)}</dd>
<dt>Link id</dt><dd><code>${link.id}</code></dd>
<dt>Created</dt><dd>${formatTime(link.created_at)}</dd>
</dl>
${link.active ? buttonForm({ action: paths.linkDeactivate(link.id), csrf, label: 'Deactivate link', style: 'danger', confirm: 'Deactivate this link? Its page stops taking payments, for good; payments already made are not affected.' }) : ''}
</div>
<h2>Payments from this link</h2>
${
  input.payments.length === 0
    ? html`<div class="card"><p>No payments yet.</p></div>`
    : html`<div class="card table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">Payments this link created, newest first</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Status</th><th scope="col">Payment</th></tr></thead>
<tbody>${input.payments.map(
        (p) =>
          html`<tr><td>${formatTime(p.created_at)}</td><td>${statusBadge(p.status)}</td><td><a href="${paths.payment(p.id)}"><code>${p.id}</code></a></td></tr>`,
      )}</tbody></table></div>${input.morePayments ? html`<p class="muted">Showing the newest ${input.payments.length}. The API lists them all: <code>GET /api/v1/payments?payment_link_id=${link.id}</code>.</p>` : ''}`
}`,
  };
}
