import type { Mode } from '@cairn/contract';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { PageAssets } from '../../../web/loadHashedAsset.js';
import type { Messages } from './messages.js';
import { renderDocument } from './renderDocument.js';

/** What a payment link's page shows. */
export interface LinkPageView {
  readonly businessName: string;
  readonly mode: Mode;
  readonly fiatAmount: string;
  readonly fiatCurrency: string;
  readonly description: string | null;
  /** Where the Pay form posts. */
  readonly payAction: string;
  /** This visit's token: the form sends it, so pressing Pay twice opens one payment. */
  readonly visit?: string;
  /** Why Pay is refused, shown instead of the button (inactive, sold out, a refusal of the last press). */
  readonly refusal?: { readonly title: string; readonly body: string; readonly canRetry: boolean };
}

/**
 * A payment link's page at `{checkout_url_base}/links/<id>`: the merchant, amount and description,
 * and a Pay button that POSTs (a GET never creates a payment, so link previews and prefetching
 * cannot use the link up) and is sent on to the new payment's checkout.
 */
export function renderLinkPage(
  view: LinkPageView,
  input: { messages: Messages; assets: PageAssets; assetBase: string },
): SafeHtml {
  const m = input.messages;
  const amount = formatFiat(view.fiatAmount, view.fiatCurrency, m.locale);
  const refusal = view.refusal;
  return renderDocument({
    page: view.payAction.replace(/\/pay$/, ''),
    messages: m,
    title: `${amount} · ${m.pageTitle(view.businessName)}`,
    assetBase: input.assetBase,
    assets: input.assets,
    header: html`<header class="merchant">
${view.mode === 'test' ? html`<p class="testmode">${m.testMode}</p>` : ''}
<h1><span class="business">${view.businessName}</span> <span class="fiat">${amount}</span></h1>
${view.description ? html`<p class="description">${view.description}</p>` : ''}
</header>`,
    main: html`<section class="progress" aria-labelledby="link-heading">
${
  refusal
    ? html`<h2 id="link-heading">${refusal.title}</h2>
<p>${refusal.body}</p>
${refusal.canRetry ? html`<form class="link-pay" method="post" action="${view.payAction}"><button class="button primary" type="submit">${m.tryAgain}</button></form>` : ''}`
    : html`<h2 id="link-heading" class="sr-only">${m.linkPay}</h2>
<form class="link-pay" method="post" action="${view.payAction}">${view.visit ? html`<input type="hidden" name="visit" value="${view.visit}">` : ''}<button class="button primary" type="submit">${m.linkPay} ${amount}</button></form>
<p class="hint">${m.linkHint}</p>`
}
</section>`,
    footer: html`<footer><p>${m.footerNote}</p></footer>`,
  });
}
