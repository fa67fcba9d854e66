import { html, type SafeHtml } from '../../../web/html.js';
import type { PageAssets } from '../../../web/loadHashedAsset.js';
import type { Messages } from './messages.js';
import { renderDocument } from './renderDocument.js';

/** A page with one message: not found, too many attempts, a bad form, an error. */
export function renderMessagePage(input: {
  readonly messages: Messages;
  readonly title: string;
  readonly body: string;
  readonly assets: PageAssets;
  readonly assetBase: string;
  /** A link back to the payment, when there is one to go back to. */
  readonly back?: string;
  /** A "try again" link to this URL, reloaded by itself after `seconds` (a page to retry shortly). */
  readonly retry?: { readonly url: string; readonly seconds: number };
}): SafeHtml {
  const m = input.messages;
  const retry = input.retry;
  return renderDocument({
    messages: m,
    title: input.title,
    assetBase: input.assetBase,
    assets: input.assets,
    ...(retry ? { head: html`<meta http-equiv="refresh" content="${String(retry.seconds)}">` } : {}),
    main: html`<section class="progress" aria-labelledby="message-heading">
<h1 id="message-heading">${input.title}</h1>
<p>${input.body}</p>
${retry ? html`<p><a class="button" href="${retry.url}">${m.tryAgain}</a></p>` : ''}
${input.back ? html`<p><a class="button" href="${input.back}">${m.backToPayment}</a></p>` : ''}
</section>`,
  });
}
