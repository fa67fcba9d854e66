import type { PaymentLink } from '@cairn/contract';
import type { ApiKeyChoice, ApiKeyLabel } from '../../../domain/apiKeys/ApiKeySummary.js';
import type {
  LinkPaymentRow,
  PaymentLinkDetail,
} from '../../../domain/paymentLinks/loadPaymentLinkDetail.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { apiKeyField } from './apiKeyField.js';
import { currencyField } from './currencyField.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, fieldError, formatTime } from './forms.js';
import { emptyCard, pager } from './listControls.js';
import { metadataList } from './metadataList.js';
import type { Page } from './Page.js';
import { statusBadge } from './paymentPages.js';
import { tableColumns, tableHead } from './tableParts.js';

/** A key a link may be created for (its payments, and their webhooks, are that key's). */
export type LinkKeyChoice = ApiKeyChoice;

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

const NEEDS_A_KEY = 'A link creates payments of an API key, whose webhook endpoint gets their events.';
const KEY_HINT = html`The link's payments are this key's: they follow its allowed coins, and its webhook endpoint gets their events.`;

function newLinkForm(
  paths: DashboardPaths,
  csrf: string,
  keys: readonly LinkKeyChoice[],
  state: LinkFormState,
): SafeHtml {
  const v = state.values;
  const e = state.errors;
  if (keys.length === 0) {
    const create = html`<a href="${paths.newKey}">Create an API key</a> first.`;
    return html`<div class="card"><h2>New payment link</h2><p>${NEEDS_A_KEY} ${create}</p></div>`;
  }
  return html`<form class="card" method="post" action="${paths.links}" aria-labelledby="new-link">
<h2 id="new-link">New payment link</h2>
${csrfField(csrf)}
<div class="field-row">
${field({
  name: 'fiat_amount',
  label: 'Amount',
  value: v.fiat_amount ?? '',
  required: true,
  placeholder: '25.00',
  ...fieldError(e, 'fiat_amount'),
})}
${currencyField(v.fiat_currency || 'USD', e.fiat_currency)}
</div>
${field({
  name: 'description',
  label: 'Description',
  value: v.description ?? '',
  maxlength: 200,
  hint: 'Shown on the link page and the checkout.',
  ...fieldError(e, 'description'),
})}
<div class="field-row">
${field({
  name: 'max_uses',
  label: 'Limit on uses (optional)',
  value: v.max_uses ?? '',
  hint: 'Payments that may be open or paid at once; expired unpaid and cancelled ones give theirs back.',
  ...fieldError(e, 'max_uses'),
})}
${field({
  name: 'success_url',
  label: 'After payment, send the customer to (optional)',
  type: 'url',
  value: v.success_url ?? '',
  ...fieldError(e, 'success_url'),
})}
</div>
${apiKeyField(keys, v.api_key, KEY_HINT, e.api_key)}
<div class="actions"><button type="submit">Create link</button></div>
</form>`;
}

/** One link: its description (linking to its page), amount, state, uses and creation. */
function linkRow(paths: DashboardPaths, link: PaymentLink): SafeHtml {
  return html`<tr>
<td data-label="Link"><a href="${paths.link(link.id)}">${link.description ?? 'Untitled link'}</a></td>
<td class="num" data-label="Amount">${amountOf(link)}</td>
<td data-label="State">${stateTag(link)}</td>
<td class="num" data-label="Uses">${usesOf(link)}</td>
<td data-label="Created">${formatTime(link.created_at)}</td>
</tr>`;
}

function linksTable(mode: string, rows: readonly SafeHtml[]): SafeHtml {
  return html`<div class="card table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">${mode === 'test' ? 'Test' : 'Live'}-mode payment links, newest first</caption>
${tableHead('Link', 'Amount', 'State', 'Uses', 'Created')}
<tbody>${rows}</tbody></table></div>`;
}

const WHAT_A_LINK_IS = (mode: string) =>
  `A link is a page for a fixed amount: share it, and each customer who presses Pay gets a ${mode}-mode payment of their own.`;

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
  const rows = input.links.map((link) => linkRow(paths, link));
  const api = html`The API has the same links (<code>/api/v1/payment-links</code>).`;
  const first = input.paged ? paths.links : null;
  const next = input.next ? `${paths.links}?after=${input.next}` : null;
  return {
    title: 'Payment links',
    section: 'links',
    ...(refused
      ? { status: 422, notice: { kind: 'error', text: 'The link was not created: see the fields below.' } }
      : {}),
    main: html`<h1>Payment links</h1>
<p class="muted">${WHAT_A_LINK_IS(input.mode)} ${api}</p>
${
  input.links.length === 0 && !input.paged
    ? emptyCard(`No ${input.mode}-mode payment links yet.`)
    : linksTable(input.mode, rows)
}
${pager(first, next, 'Older links')}
${newLinkForm(paths, csrf, input.keys, input.form)}`,
  };
}

/** The key a link was made with, and whether the link can take payments. */
function keyLabel(key: ApiKeyLabel | null): string {
  if (!key) return '—';
  const state = key.status === 'active' ? '' : ` — ${key.status}: the link cannot take payments`;
  return `${key.label} (${key.hint})${state}`;
}

/** What the link accepts: every coin of its key, or its set (first, or only). */
function acceptedText(link: PaymentLink): string {
  const accepted = [...link.accepted_tokens, ...link.accepted_chains, ...link.accepted_coins];
  if (accepted.length === 0) return 'Every coin the key offers';
  return `${accepted.join(', ')}${link.restrict_to_accepted ? ' (only these)' : ' (shown first)'}`;
}

function deactivateButton(paths: DashboardPaths, csrf: string, link: PaymentLink): SafeHtml {
  return buttonForm({
    action: paths.linkDeactivate(link.id),
    csrf,
    label: 'Deactivate link',
    style: 'danger',
    confirm:
      'Deactivate this link? Its page stops taking payments, for good; payments already made are not affected.',
  });
}

const LINK_PAYMENTS = tableColumns('Created', 'Status', 'Payment');

/** A payment the link made: when, its status, and its id linking to its page. */
function linkPaymentRow(paths: DashboardPaths, p: LinkPaymentRow): SafeHtml {
  const payment = html`<a href="${paths.payment(p.id)}"><code>${p.id}</code></a>`;
  return LINK_PAYMENTS.row(formatTime(p.created_at), statusBadge(p.status), payment);
}

/** The link's newest payments, and where the API lists them all when there are more. */
function linkPayments(paths: DashboardPaths, input: PaymentLinkDetail): SafeHtml {
  const all = html`<code>GET /api/v1/payments?payment_link_id=${input.link.id}</code>`;
  const more = input.morePayments
    ? html`<p class="muted">Showing the newest ${input.payments.length}. The API lists them all: ${all}.</p>`
    : '';
  return html`<div class="card table-wrap" tabindex="0"><table>
<caption class="visually-hidden-label">Payments this link created, newest first</caption>
${LINK_PAYMENTS.head}
<tbody>${input.payments.map((p) => linkPaymentRow(paths, p))}</tbody></table></div>${more}`;
}

export function paymentLinkPage(paths: DashboardPaths, csrf: string, input: PaymentLinkDetail): Page {
  const { link } = input;
  const since = link.deactivated_at
    ? html` <span class="muted">since ${formatTime(link.deactivated_at)}</span>`
    : '';
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
<dt>State</dt><dd>${stateTag(link)}${since}</dd>
<dt>Uses</dt><dd>${usesOf(link)}${link.max_uses === null ? html` <span class="muted">(no limit)</span>` : ''}</dd>
<dt>Accepted</dt><dd>${acceptedText(link)}</dd>
<dt>After payment</dt><dd>${link.success_url ?? '—'}</dd>
<dt>API key</dt><dd>${keyLabel(input.key)}</dd>
<dt>Metadata</dt><dd>${metadataList(link.metadata)}</dd>
<dt>Link id</dt><dd><code>${link.id}</code></dd>
<dt>Created</dt><dd>${formatTime(link.created_at)}</dd>
</dl>
${link.active ? deactivateButton(paths, csrf, link) : ''}
</div>
<h2>Payments from this link</h2>
${input.payments.length === 0 ? emptyCard('No payments yet.') : linkPayments(paths, input)}`,
  };
}
