import type { Mode } from '@cairn/contract';
import { formatPercent, PAYMENT_PREFERENCE_BOUNDS } from '../../businesses/paymentPreferences.js';
import { formatFiat } from '../../checkoutPage/formatFiat.js';
import { html } from '../../checkoutPage/html.js';
import type { DashboardPaths } from '../dashboardPaths.js';
import type { Viewer } from '../Viewer.js';
import type { FormState } from './accountPages.js';
import { csrfField, field } from './forms.js';
import type { Page } from './Page.js';

/** What the overview shows for the current business and mode. */
export interface OverviewFacts {
  readonly mode: Mode;
  readonly creditUsd: string;
  readonly wallets: number;
  readonly activeKeys: number;
  readonly webhookEndpoints: number;
  readonly apiBaseUrl: string;
}

export function overviewPage(paths: DashboardPaths, viewer: Viewer, facts: OverviewFacts): Page {
  const step = (done: boolean, text: ReturnType<typeof html>) =>
    html`<li>${done ? html`<span class="done">Done:</span> ` : ''}${text}</li>`;
  return {
    title: 'Overview',
    section: 'overview',
    main: html`<h1>${viewer.business?.name ?? ''}</h1>
<div class="two-col">
<section class="card" aria-labelledby="start-heading">
<h2 id="start-heading">Get paid in ${facts.mode} mode</h2>
<ol class="steps">
${step(facts.wallets > 0, html`<a href="${paths.newWallet}">Add a wallet</a>: where customers’ payments land. Cairn never holds keys that can spend.`)}
${step(facts.activeKeys > 0, html`<a href="${paths.newKey}">Create an API key</a> for your server.`)}
${step(facts.webhookEndpoints > 0, html`<a href="${paths.keys}">Set a webhook endpoint</a> on the key, to hear about every payment change.`)}
<li>Create a payment from your server with the key: <code>POST ${facts.apiBaseUrl}/v1/payments</code> (or the <code>@cairn/sdk</code> package).</li>
</ol>
</section>
<section class="card" aria-labelledby="credit-heading">
<h2 id="credit-heading">Prepaid Credit (${facts.mode} mode)</h2>
<p><strong>${formatFiat(facts.creditUsd, 'USD', 'en-US')}</strong></p>
<p class="muted">Platform fees are paid from it. ${facts.mode === 'test' ? 'Test mode credit is for trying things out.' : ''}</p>
</section>
</div>`,
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

/** A business's payment preferences, in basis points. */
export interface PaymentPreferences {
  readonly underpaymentToleranceBps: number;
  readonly overpaymentThresholdBps: number;
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
