import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { PageAssets } from '../../../web/loadHashedAsset.js';
import type { RenderContext } from './renderContext.js';
import { renderDocument } from './renderDocument.js';
import { type CheckoutRegions, renderRegions } from './renderRegions.js';
import { viewVersion } from './viewVersion.js';

/** Seconds before the no-JS page reloads itself while a payment is in flight. */
const NO_SCRIPT_REFRESH_SECONDS = 15;
/** Delay before the redirect to success_url once confirmed. */
export const SUCCESS_REDIRECT_DELAY_MS = 3000;

const LIVE_STATUSES = new Set(['awaiting_payment', 'payment_detected', 'confirming']);

/** The merchant header: business, fiat amount, description, and a test-mode banner. */
export function renderMerchantHeader(view: CheckoutView, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  const { checkout, payment } = view;
  return html`<header class="merchant">
${payment.mode === 'test' ? html`<p class="testmode">${m.testMode}</p>` : ''}
<h1><span class="business">${checkout.business_name}</span> <span class="fiat">${formatFiat(
    checkout.fiat_amount,
    checkout.fiat_currency,
    m.locale,
  )}</span></h1>
${checkout.description ? html`<p class="description">${checkout.description}</p>` : ''}
</header>`;
}

/** The checkout page of one payment, in whatever state it is. */
export function renderCheckoutPage(
  view: CheckoutView,
  ctx: RenderContext,
  assets: PageAssets,
  assetBase: string,
): { html: SafeHtml; regions: CheckoutRegions } {
  const m = ctx.messages;
  const regions = renderRegions(view, ctx);
  const status = view.payment.status;
  const live = LIVE_STATUSES.has(status) || status === 'underpaid';
  const refresh = LIVE_STATUSES.has(status)
    ? html`<noscript><meta http-equiv="refresh" content="${NO_SCRIPT_REFRESH_SECONDS}"></noscript>`
    : regions.redirect
      ? html`<noscript><meta http-equiv="refresh" content="${Math.round(
          SUCCESS_REDIRECT_DELAY_MS / 1000,
        )};url=${regions.redirect}"></noscript>`
      : html``;
  const main = html`<div id="announcer" class="sr-only" role="status" aria-live="polite" aria-atomic="true"></div>
<section id="region-progress" class="progress" aria-labelledby="status-heading">${regions.progress}</section>
<section id="region-actions" class="actions">${regions.actions}</section>
${
  live
    ? html`<p class="nojs-only refresh"><a href="${ctx.paths.page}">${m.refreshStatus}</a>${
        LIVE_STATUSES.has(status) ? html` <span>${m.noScriptRefresh}</span>` : ''
      }</p>`
    : ''
}`;
  const footer = html`<footer>
<p>${m.paymentReference}: <code>${view.payment.id}</code></p>
<p>${m.footerNote}</p>
</footer>`;
  return {
    regions,
    html: renderDocument({
      messages: m,
      title: `${regions.headline} · ${m.pageTitle(view.checkout.business_name)}`,
      assetBase,
      assets,
      header: renderMerchantHeader(view, ctx),
      main,
      footer,
      head: refresh,
      script: true,
      page: ctx.paths.page,
      data: {
        events: `${ctx.paths.events}?lang=${encodeURIComponent(m.lang)}`,
        now: view.now.toISOString(),
        status,
        version: viewVersion(view),
        'msg-copied': m.copied,
        'msg-copy-failed': m.copyFailed,
        'msg-time-up': m.timeUp,
        ...(regions.redirect
          ? { redirect: regions.redirect, 'redirect-delay': String(SUCCESS_REDIRECT_DELAY_MS) }
          : {}),
      },
    }),
  };
}
