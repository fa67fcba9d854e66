import type { Mode } from '@cairn/contract';
import type { ViewerBusiness } from '../../../domain/accounts/loadViewer.js';
import type { PaymentPreferences } from '../../../domain/businesses/loadPaymentPreferences.js';
import { formatPercent, PAYMENT_PREFERENCE_BOUNDS } from '../../../domain/businesses/paymentPreferences.js';
import { type CreditOutlook, LOW_CREDIT_DAYS } from '../../../domain/credit/creditOutlook.js';
import type { LatestPayment } from '../../../domain/overview/listLatestPayments.js';
import type {
  AttentionPayment,
  FailedWallet,
  HomeFacts,
  TodayTotals,
  UnconfirmedWallet,
} from '../../../domain/overview/loadHomeFacts.js';
import type { BusinessOverview } from '../../../domain/overview/loadOverview.js';
import type { FailingEndpoint } from '../../../domain/webhooks/listFailingEndpoints.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { FormState } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { csrfField, field, fieldError, formatTime } from './forms.js';
import type { Page } from './Page.js';
import { statusBadge } from './paymentPages.js';
import { tableColumns } from './tableParts.js';
import type { Viewer } from './Viewer.js';
import { volumeSection } from './volumeCharts.js';

/** What the home page shows for the current business and mode. */
export interface OverviewFacts extends BusinessOverview {
  readonly mode: Mode;
  readonly apiBaseUrl: string;
}

const usd = (amount: string) => formatFiat(amount, 'USD', 'en-US');
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function creditWarning(paths: DashboardPaths, credit: CreditOutlook): SafeHtml | '' {
  const balance = usd(credit.balanceUsd);
  if (credit.state === 'exhausted') {
    const refused = `new ${credit.mode}-mode payments are refused until it is topped up`;
    const topUp = html`<a href="${paths.credit}">How to top up</a>`;
    return html`<li><strong>Prepaid Credit (${credit.mode}) is used up</strong> (${balance}): ${refused}. ${topUp}</li>`;
  }
  if (credit.state === 'low') {
    const left = `${balance} left, ${usd(credit.recentFeesUsd)} of fees in the last ${LOW_CREDIT_DAYS} days`;
    const topUp = html`<a href="${paths.credit}">Top it up</a> before it runs out.`;
    return html`<li><strong>Prepaid Credit (${credit.mode}) is running low</strong>: ${left}. ${topUp}</li>`;
  }
  return '';
}

/** Payments of one status waiting for the merchant, linking to the list filtered by it. */
function waitingItem(
  paths: DashboardPaths,
  status: string,
  count: number,
  what: string,
  todo: string,
): SafeHtml {
  const link = html`<a href="${paths.payments}?status=${status}"><strong>${count} ${what}${plural(count, '', 's')}</strong></a>`;
  return html`<li>${link}: ${todo}</li>`;
}

/** A webhook endpoint whose latest attempted delivery did not succeed. */
function failingEndpointItem(paths: DashboardPaths, e: FailingEndpoint): SafeHtml {
  const answer = e.last_status_code ? `HTTP ${e.last_status_code}` : (e.last_error_class ?? 'nothing');
  const retrying =
    e.retrying > 0 ? `; ${e.retrying} deliver${plural(e.retrying, 'y is', 'ies are')} being retried` : '';
  const endpoint = html`<code>${e.url}</code> (key <code>${e.key_hint}</code>)`;
  const deliveries = html`<a href="${paths.webhooks}?key=${e.api_key_id}">See the deliveries</a>`;
  return html`<li><strong>Webhook endpoint failing</strong>: ${endpoint} answered ${answer} at ${formatTime(e.last_attempt_at)}${retrying}. ${deliveries}</li>`;
}

/** A wallet whose one-time on-chain setup failed. */
function failedWalletItem(paths: DashboardPaths, w: FailedWallet): SafeHtml {
  const why = w.onboarding_error ? html`: ${w.onboarding_error}` : '';
  const wallets = html`<a href="${paths.wallets}">Wallets</a>`;
  return html`<li><strong>${w.chain_id} wallet setup failed</strong>${why}. Payments cannot use it until the setup succeeds (it is retried). ${wallets}</li>`;
}

/** A live wallet waiting for its owner's confirmation. */
function unconfirmedWalletItem(paths: DashboardPaths, w: UnconfirmedWallet): SafeHtml {
  const wallets = html`<a href="${paths.wallets}">Wallets</a>`;
  const todo = 'payments do not use it until you open the link we mailed and confirm it.';
  return html`<li><strong>${w.chain_id} wallet pending confirmation</strong>: ${todo} ${wallets}</li>`;
}

/**
 * What needs the merchant now: payments waiting, failing endpoints, failed wallets, wallets pending
 * confirmation, low credit.
 */
function attentionItems(paths: DashboardPaths, home: HomeFacts): SafeHtml[] {
  const underpaid = home.attentionCounts.underpaid ?? 0;
  const refunds = home.attentionCounts.refund_requested ?? 0;
  const items: (SafeHtml | '')[] = [
    underpaid > 0 ? waitingItem(paths, 'underpaid', underpaid, 'underpaid payment', UNDERPAID_TODO) : '',
    refunds > 0 ? waitingItem(paths, 'refund_requested', refunds, 'refund request', REFUND_TODO) : '',
    ...home.failingEndpoints.map((e) => failingEndpointItem(paths, e)),
    ...home.failedWallets.map((w) => failedWalletItem(paths, w)),
    ...home.unconfirmedWallets.map((w) => unconfirmedWalletItem(paths, w)),
    creditWarning(paths, home.credit),
  ];
  return items.filter((item) => item !== '');
}

const UNDERPAID_TODO = 'accept the shortfall, or wait for the customer to pay the rest.';
const REFUND_TODO = 'send the refund from your wallet, then record it on the payment.';

const ATTENTION = tableColumns('Payment', 'Status', 'Amount', 'Changed');

/** A payment waiting for the merchant: its order id (or id), status, amount and last change. */
function attentionRow(paths: DashboardPaths, p: AttentionPayment): SafeHtml {
  const link = html`<a href="${paths.payment(p.id)}">${p.order_id ?? p.id.slice(0, 8)}</a>`;
  const amount = formatFiat(p.fiat_amount, p.fiat_currency, 'en-US');
  return ATTENTION.row(link, statusBadge(p.status), { num: amount }, formatTime(p.updated_at));
}

function attentionTable(rows: readonly SafeHtml[]): SafeHtml {
  return html`<div class="table-wrap" tabindex="0"><table><caption>Payments waiting for you</caption>${ATTENTION.head}<tbody>${rows}</tbody></table></div>`;
}

const LATEST = tableColumns('Created', 'Status', { num: 'Amount' }, 'Order', 'Payment');

/** One of the newest payments: when, status, amount, order id and a link to its page. */
function latestRow(paths: DashboardPaths, p: LatestPayment): SafeHtml {
  const link = html`<a href="${paths.payment(p.id)}">${p.id.slice(0, 8)}</a>`;
  const amount = formatFiat(p.fiat_amount, p.fiat_currency, 'en-US');
  return LATEST.row(
    formatTime(p.created_at),
    statusBadge(p.status),
    { num: amount },
    p.order_id ?? '—',
    link,
  );
}

const latestCaption = (n: number) =>
  html`<caption class="visually-hidden-label">The ${n} newest payments</caption>`;

/** The newest payments of the mode, or a line saying there is none yet. */
function latestSection(paths: DashboardPaths, mode: Mode, latest: readonly LatestPayment[]): SafeHtml {
  const heading = html`<h2 id="latest-heading">Latest payments (${mode} mode)</h2>`;
  if (latest.length === 0) {
    return html`<section class="card" aria-labelledby="latest-heading">${heading}<p class="muted">No payment yet.</p></section>`;
  }
  const rows = latest.map((p) => latestRow(paths, p));
  return html`<section class="card" aria-labelledby="latest-heading">${heading}
<div class="table-wrap" tabindex="0"><table>${latestCaption(latest.length)}${LATEST.head}<tbody>${rows}</tbody></table></div>
<p><a href="${paths.payments}">All payments</a></p></section>`;
}

/** One mode's figures for today: confirmed amounts per currency, and counts. */
function todayFigure(t: TodayTotals): SafeHtml {
  const confirmed =
    t.confirmedAmounts.length > 0
      ? t.confirmedAmounts.map((a) => formatFiat(a.amount, a.currency, 'en-US')).join(' + ')
      : usd('0');
  return html`<div class="figure card"><span class="muted">Today, ${t.mode} mode</span>
<strong>${confirmed}</strong>
<span>${t.confirmed} confirmed · ${t.created} created</span></div>`;
}

/** The current mode's Prepaid Credit balance, linking to its page. */
function creditFigure(paths: DashboardPaths, mode: Mode, credit: CreditOutlook): SafeHtml {
  const link = html`<a href="${paths.credit}">Ledger and top-up</a>`;
  return html`<div class="figure card"><span class="muted">Prepaid Credit, ${mode} mode</span><strong>${usd(credit.balanceUsd)}</strong>${link}</div>`;
}

/** One step of getting paid, marked done when it is. */
function setupStep(done: boolean, text: SafeHtml): SafeHtml {
  return html`<li>${done ? html`<span class="done">Done:</span> ` : ''}${text}</li>`;
}

/** The steps to get paid in a mode: a wallet, a key, a webhook endpoint, a payment. */
function setupSteps(paths: DashboardPaths, facts: OverviewFacts): SafeHtml {
  const wallet = html`<a href="${paths.newWallet}">Add a wallet</a>: where customers’ payments land. Cairn never holds keys that can spend.`;
  const key = html`<a href="${paths.newKey}">Create an API key</a> for your server.`;
  const webhook = html`<a href="${paths.keys}">Set a webhook endpoint</a> on the key, to hear about every payment change.`;
  const create = html`<code>POST ${facts.apiBaseUrl}/api/v1/payments</code> (or the <code>@cairn/sdk</code> package)`;
  return html`<section class="card" aria-labelledby="start-heading">
<h2 id="start-heading">Get paid in ${facts.mode} mode</h2>
<ol class="steps">
${setupStep(facts.wallets > 0, wallet)}
${setupStep(facts.activeKeys > 0, key)}
${setupStep(facts.webhookEndpoints > 0, webhook)}
<li>Create a payment from your server with the key: ${create}.</li>
</ol>
</section>`;
}

export function overviewPage(paths: DashboardPaths, viewer: Viewer, facts: OverviewFacts): Page {
  const { home } = facts;
  const setUp = facts.wallets > 0 && facts.activeKeys > 0 && facts.webhookEndpoints > 0;
  const items = attentionItems(paths, home);
  const attention = home.attention.map((p) => attentionRow(paths, p));
  return {
    title: 'Home',
    section: 'overview',
    main: html`<h1>${viewer.business?.name ?? ''}</h1>
<section class="card${items.length > 0 ? ' attention' : ''}" aria-labelledby="attention-heading">
<h2 id="attention-heading">Needs your attention (${facts.mode} mode)</h2>
${items.length > 0 ? html`<ul>${items}</ul>` : html`<p>Nothing right now.</p>`}
${attention.length > 0 ? attentionTable(attention) : ''}
</section>
<section aria-labelledby="today-heading"><h2 id="today-heading" class="visually-hidden-label">Today (UTC)</h2>
<div class="figures">${home.today.map(todayFigure)}
${creditFigure(paths, facts.mode, home.credit)}
</div></section>
${volumeSection(facts.volume)}
${latestSection(paths, facts.mode, facts.latest)}
${setUp ? '' : setupSteps(paths, facts)}`,
  };
}

/** The business name field (creating a business, or renaming it in the settings). */
function businessNameField(state: FormState, value: string, autocomplete?: string): SafeHtml {
  return field({
    name: 'name',
    label: 'Business name',
    required: true,
    maxlength: 100,
    value,
    ...(autocomplete ? { autocomplete } : {}),
    hint: 'Customers see it on the checkout page.',
    ...fieldError(state.errors, 'name'),
  });
}

/** A payment preference in percent, with what it means and its bounds as the hint. */
function percentField(
  state: FormState,
  input: {
    readonly name: string;
    readonly label: string;
    readonly bps: number;
    readonly bounds: { readonly min: number; readonly max: number; readonly default: number };
    readonly means: string;
  },
): SafeHtml {
  const { bounds } = input;
  const range = `${formatPercent(bounds.min)} to ${formatPercent(bounds.max)}; default ${formatPercent(bounds.default)}.`;
  return field({
    name: input.name,
    label: input.label,
    required: true,
    maxlength: 8,
    // As typed when refused, else the stored value without its % sign.
    value: state.values?.[input.name] ?? formatPercent(input.bps).slice(0, -1),
    hint: `${input.means} ${range}`,
    ...fieldError(state.errors, input.name),
  });
}

const PREFERENCES_APPLY =
  'Changes apply to payments created from now on. ' +
  'Open payments keep the tolerance and threshold they were created with.';

/** A business of the login: marked current, or with a button to switch to it. */
function businessItem(paths: DashboardPaths, csrf: string, b: ViewerBusiness, current: boolean): SafeHtml {
  if (current) return html`<li>${b.name} <span class="tag">current</span></li>`;
  const target = html`<input type="hidden" name="business_id" value="${b.id}">`;
  const button = html`<button type="submit" class="link">Switch to ${b.name}</button>`;
  return html`<li>${b.name} <form class="inline-form" method="post" action="${paths.switchBusiness}">${csrfField(csrf)}${target}${button}</form></li>`;
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
${businessNameField(state, state.values?.name ?? '', 'organization')}
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
<ul>${viewer.businesses.map((b) => businessItem(paths, csrf, b, b.id === viewer.business?.id))}</ul>
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
${businessNameField(state, state.values?.name ?? viewer.business?.name ?? '')}
<div class="actions"><button type="submit">Save</button></div>
</form>
</section>
<section class="card" aria-labelledby="preferences-heading">
<h2 id="preferences-heading">Payment preferences</h2>
<form method="post" action="${paths.paymentPreferences}" novalidate>
${csrfField(csrf)}
${percentField(state, {
  name: 'underpayment_tolerance',
  label: 'Underpayment tolerance (%)',
  bps: preferences.underpaymentToleranceBps,
  bounds: PAYMENT_PREFERENCE_BOUNDS.underpaymentToleranceBps,
  means: 'A payment short by at most this much confirms anyway; short by more, it is Underpaid.',
})}
${percentField(state, {
  name: 'overpayment_threshold',
  label: 'Overpayment threshold (%)',
  bps: preferences.overpaymentThresholdBps,
  bounds: PAYMENT_PREFERENCE_BOUNDS.overpaymentThresholdBps,
  means: 'A confirmed payment with more than this much extra is flagged overpaid (payment.overpaid).',
})}
<p class="muted">${PREFERENCES_APPLY}</p>
<div class="actions"><button type="submit">Save preferences</button></div>
</form>
</section>
<section class="card" aria-labelledby="account-heading">
<h2 id="account-heading">Your sign-in</h2>
<p>Signed in as <strong>${viewer.email}</strong>.</p>
<p><a href="${paths.security}">Two-factor sign-in</a>: a code from an app on your phone as well as your password.</p>
<form method="post" action="${paths.signOutEverywhere}" data-confirm="Sign out on every device, this one included?">
${csrfField(csrf)}<button type="submit" class="secondary">Sign out everywhere</button>
</form>
</section>`,
  };
}
