import type { Mode } from '@cairn/contract';
import type { BusinessOverview } from '../../../domain/businesses/loadOverview.js';
import type { PaymentPreferences } from '../../../domain/businesses/loadPaymentPreferences.js';
import { formatPercent, PAYMENT_PREFERENCE_BOUNDS } from '../../../domain/businesses/paymentPreferences.js';
import { type CreditOutlook, LOW_CREDIT_DAYS } from '../../../domain/credit/creditOutlook.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { FormState } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { csrfField, field, formatTime } from './forms.js';
import type { Page } from './Page.js';
import { statusBadge } from './paymentPages.js';
import type { Viewer } from './Viewer.js';

/** What the home page shows for the current business and mode. */
export interface OverviewFacts extends BusinessOverview {
  readonly mode: Mode;
  readonly apiBaseUrl: string;
}

function creditWarning(paths: DashboardPaths, credit: CreditOutlook): SafeHtml | '' {
  const balance = formatFiat(credit.balanceUsd, 'USD', 'en-US');
  if (credit.state === 'exhausted')
    return html`<li><strong>Prepaid Credit (${credit.mode}) is used up</strong> (${balance}): new ${credit.mode}-mode payments are refused until it is topped up. <a href="${paths.credit}">How to top up</a></li>`;
  if (credit.state === 'low')
    return html`<li><strong>Prepaid Credit (${credit.mode}) is running low</strong>: ${balance} left, ${formatFiat(credit.recentFeesUsd, 'USD', 'en-US')} of fees in the last ${LOW_CREDIT_DAYS} days. <a href="${paths.credit}">Top it up</a> before it runs out.</li>`;
  return '';
}

export function overviewPage(paths: DashboardPaths, viewer: Viewer, facts: OverviewFacts): Page {
  const { home } = facts;
  const step = (done: boolean, text: ReturnType<typeof html>) =>
    html`<li>${done ? html`<span class="done">Done:</span> ` : ''}${text}</li>`;
  const setUp = facts.wallets > 0 && facts.activeKeys > 0 && facts.webhookEndpoints > 0;
  const waiting = (status: 'underpaid' | 'refund_requested') => home.attentionCounts[status] ?? 0;
  const items: (SafeHtml | string)[] = [
    waiting('underpaid') > 0
      ? html`<li><a href="${paths.payments}?status=underpaid"><strong>${waiting('underpaid')} underpaid payment${waiting('underpaid') === 1 ? '' : 's'}</strong></a>: accept the shortfall, or wait for the customer to pay the rest.</li>`
      : '',
    waiting('refund_requested') > 0
      ? html`<li><a href="${paths.payments}?status=refund_requested"><strong>${waiting('refund_requested')} refund request${waiting('refund_requested') === 1 ? '' : 's'}</strong></a>: send the refund from your wallet, then record it on the payment.</li>`
      : '',
    ...home.failingEndpoints.map(
      (e) =>
        html`<li><strong>Webhook endpoint failing</strong>: <code>${e.url}</code> (key <code>${e.key_hint}</code>) answered ${e.last_status_code ? `HTTP ${e.last_status_code}` : (e.last_error_class ?? 'nothing')} at ${formatTime(e.last_attempt_at)}${e.retrying > 0 ? `; ${e.retrying} deliver${e.retrying === 1 ? 'y is' : 'ies are'} being retried` : ''}. <a href="${paths.webhooks}?key=${e.api_key_id}">See the deliveries</a></li>`,
    ),
    ...home.failedWallets.map(
      (w) =>
        html`<li><strong>${w.chain_id} wallet setup failed</strong>${w.onboarding_error ? html`: ${w.onboarding_error}` : ''}. Payments cannot use it until the setup succeeds (it is retried). <a href="${paths.wallets}">Wallets</a></li>`,
    ),
    creditWarning(paths, home.credit),
  ].filter((item) => item !== '');
  const attentionList = home.attention.map(
    (p) =>
      html`<tr><td><a href="${paths.payment(p.id)}">${p.order_id ?? p.id.slice(0, 8)}</a></td><td>${statusBadge(p.status)}</td><td class="num">${formatFiat(p.fiat_amount, p.fiat_currency, 'en-US')}</td><td>${formatTime(p.updated_at)}</td></tr>`,
  );
  const totals = home.today.map(
    (t) => html`<div class="figure card"><span class="muted">Today, ${t.mode} mode</span>
<strong>${t.confirmedAmounts.length > 0 ? t.confirmedAmounts.map((a) => formatFiat(a.amount, a.currency, 'en-US')).join(' + ') : formatFiat('0', 'USD', 'en-US')}</strong>
<span>${t.confirmed} confirmed · ${t.created} created</span></div>`,
  );
  return {
    title: 'Home',
    section: 'overview',
    main: html`<h1>${viewer.business?.name ?? ''}</h1>
<section class="card${items.length > 0 ? ' attention' : ''}" aria-labelledby="attention-heading">
<h2 id="attention-heading">Needs your attention (${facts.mode} mode)</h2>
${items.length > 0 ? html`<ul>${items}</ul>` : html`<p>Nothing right now.</p>`}
${attentionList.length > 0 ? html`<div class="table-wrap" tabindex="0"><table><caption>Payments waiting for you</caption><thead><tr><th scope="col">Payment</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Changed</th></tr></thead><tbody>${attentionList}</tbody></table></div>` : ''}
</section>
<section aria-labelledby="today-heading"><h2 id="today-heading" class="visually-hidden-label">Today (UTC)</h2>
<div class="figures">${totals}
<div class="figure card"><span class="muted">Prepaid Credit, ${facts.mode} mode</span><strong>${formatFiat(home.credit.balanceUsd, 'USD', 'en-US')}</strong><a href="${paths.credit}">Ledger and top-up</a></div>
</div></section>
${
  setUp
    ? ''
    : html`<section class="card" aria-labelledby="start-heading">
<h2 id="start-heading">Get paid in ${facts.mode} mode</h2>
<ol class="steps">
${step(facts.wallets > 0, html`<a href="${paths.newWallet}">Add a wallet</a>: where customers’ payments land. Cairn never holds keys that can spend.`)}
${step(facts.activeKeys > 0, html`<a href="${paths.newKey}">Create an API key</a> for your server.`)}
${step(facts.webhookEndpoints > 0, html`<a href="${paths.keys}">Set a webhook endpoint</a> on the key, to hear about every payment change.`)}
<li>Create a payment from your server with the key: <code>POST ${facts.apiBaseUrl}/v1/payments</code> (or the <code>@cairn/sdk</code> package).</li>
</ol>
</section>`
}`,
  };
}

export function newBusinessPage(
  paths: DashboardPaths,
  csrf: string,
  first: boolean,
  state: FormState = {},
): Page {
  return {
    title: first ? 'Name your business' : 'New business',
    section: 'businesses',
    narrow: true,
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>${first ? 'Name your business' : 'Add a business'}</h1>
<div class="card">
<form method="post" action="${paths.businesses}" novalidate>
${csrfField(csrf)}
${field({ name: 'name', label: 'Business name', required: true, maxlength: 100, value: state.values?.name ?? '', autocomplete: 'organization', hint: 'Customers see it on the checkout page.', ...(state.errors?.name ? { error: state.errors.name } : {}) })}
${first ? html`<p class="muted">Your first business starts with free Prepaid Credit in test and live mode.</p>` : ''}
<div class="actions"><button type="submit">Create business</button></div>
</form>
</div>`,
  };
}

export function businessesPage(paths: DashboardPaths, csrf: string, viewer: Viewer): Page {
  return {
    title: 'Businesses',
    section: 'businesses',
    main: html`<h1>Your businesses</h1>
<div class="card">
<ul>${viewer.businesses.map(
      (b) =>
        html`<li>${b.name}${b.id === viewer.business?.id ? html` <span class="tag">current</span>` : html` <form class="inline-form" method="post" action="${paths.switchBusiness}">${csrfField(csrf)}<input type="hidden" name="business_id" value="${b.id}"><button type="submit" class="link">Switch to ${b.name}</button></form>`}</li>`,
    )}</ul>
<p><a class="button secondary" href="${paths.newBusiness}">Add a business</a></p>
</div>`,
  };
}

export function settingsPage(
  paths: DashboardPaths,
  csrf: string,
  viewer: Viewer,
  preferences: PaymentPreferences,
  state: FormState = {},
): Page {
  const tolerance = PAYMENT_PREFERENCE_BOUNDS.underpaymentToleranceBps;
  const threshold = PAYMENT_PREFERENCE_BOUNDS.overpaymentThresholdBps;
  const percent = (bps: number) => formatPercent(bps).slice(0, -1);
  return {
    title: 'Settings',
    section: 'settings',
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>Settings</h1>
<section class="card" aria-labelledby="name-heading">
<h2 id="name-heading">Business</h2>
<form method="post" action="${paths.settings}" novalidate>
${csrfField(csrf)}
${field({ name: 'name', label: 'Business name', required: true, maxlength: 100, value: state.values?.name ?? viewer.business?.name ?? '', hint: 'Customers see it on the checkout page.', ...(state.errors?.name ? { error: state.errors.name } : {}) })}
<div class="actions"><button type="submit">Save</button></div>
</form>
</section>
<section class="card" aria-labelledby="preferences-heading">
<h2 id="preferences-heading">Payment preferences</h2>
<form method="post" action="${paths.paymentPreferences}" novalidate>
${csrfField(csrf)}
${field({ name: 'underpayment_tolerance', label: 'Underpayment tolerance (%)', required: true, maxlength: 8, value: state.values?.underpayment_tolerance ?? percent(preferences.underpaymentToleranceBps), hint: `A payment short by at most this much confirms anyway; short by more, it is Underpaid. ${formatPercent(tolerance.min)} to ${formatPercent(tolerance.max)}; default ${formatPercent(tolerance.default)}.`, ...(state.errors?.underpayment_tolerance ? { error: state.errors.underpayment_tolerance } : {}) })}
${field({ name: 'overpayment_threshold', label: 'Overpayment threshold (%)', required: true, maxlength: 8, value: state.values?.overpayment_threshold ?? percent(preferences.overpaymentThresholdBps), hint: `A confirmed payment with more than this much extra is flagged overpaid (payment.overpaid). ${formatPercent(threshold.min)} to ${formatPercent(threshold.max)}; default ${formatPercent(threshold.default)}.`, ...(state.errors?.overpayment_threshold ? { error: state.errors.overpayment_threshold } : {}) })}
<p class="muted">Changes apply to payments created from now on. Open payments keep the tolerance and threshold they were created with.</p>
<div class="actions"><button type="submit">Save preferences</button></div>
</form>
</section>
<section class="card" aria-labelledby="account-heading">
<h2 id="account-heading">Your sign-in</h2>
<p>Signed in as <strong>${viewer.email}</strong>.</p>
<form method="post" action="${paths.signOutEverywhere}" data-confirm="Sign out on every device, this one included?">
${csrfField(csrf)}<button type="submit" class="secondary">Sign out everywhere</button>
</form>
</section>`,
  };
}
