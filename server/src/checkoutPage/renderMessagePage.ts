import type { CheckoutAssets } from './checkoutAssets.js';
import { html, type SafeHtml } from './html.js';
import type { Messages } from './messages.js';
import { renderDocument } from './renderDocument.js';

/** A page with one message: not found, too many attempts, a bad form, an error. */
export function renderMessagePage(input: {
  readonly messages: Messages;
  readonly title: string;
  readonly body: string;
  readonly assets: CheckoutAssets;
  readonly assetBase: string;
  /** A link back to the payment, when there is one to go back to. */
  readonly back?: string;
}): SafeHtml {
  const m = input.messages;
  return renderDocument({
    messages: m,
    title: input.title,
    assetBase: input.assetBase,
    assets: input.assets,
    main: html`<section class="progress" aria-labelledby="message-heading">
<h1 id="message-heading">${input.title}</h1>
<p>${input.body}</p>
${input.back ? html`<p><a class="button" href="${input.back}">${m.backToPayment}</a></p>` : ''}
</section>`,
  });
}
