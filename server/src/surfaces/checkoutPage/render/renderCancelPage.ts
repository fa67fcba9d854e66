import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { PageAssets } from '../../../web/loadHashedAsset.js';
import { renderMerchantHeader } from './renderCheckoutPage.js';
import type { RenderContext } from './renderContext.js';
import { renderDocument } from './renderDocument.js';

/**
 * The cancel confirmation: a warning not to cancel after sending coins, a POST button that cancels
 * (the customer's Cancel) and a way back. A separate page so it works without JavaScript.
 */
export function renderCancelPage(
  view: CheckoutView,
  ctx: RenderContext,
  assets: PageAssets,
  assetBase: string,
): SafeHtml {
  const m = ctx.messages;
  return renderDocument({
    messages: m,
    title: `${m.cancelHeading} · ${m.pageTitle(view.checkout.business_name)}`,
    assetBase,
    assets,
    header: renderMerchantHeader(view, ctx),
    main: html`<section class="progress" aria-labelledby="cancel-heading">
<h2 id="cancel-heading">${m.cancelHeading}</h2>
<p class="warning">${m.cancelWarning}</p>
</section>
<section class="actions">
${ctx.notice ? html`<p class="notice" role="alert">${ctx.notice}</p>` : ''}
<form method="post" action="${ctx.paths.cancel}" class="cancel-form">
<button type="submit" class="button danger">${m.cancelConfirm}</button>
</form>
<p><a class="button" href="${ctx.paths.page}">${m.cancelBack}</a></p>
</section>`,
  });
}
