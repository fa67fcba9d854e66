import { html, type SafeHtml } from '../../../web/html.js';
import type { PageAssets } from '../../../web/loadHashedAsset.js';
import type { Messages } from './messages.js';
import { renderLanguageMenu } from './renderLanguageMenu.js';

/** The parts of one checkout HTML document. */
export interface DocumentInput {
  readonly messages: Messages;
  readonly title: string;
  /** Where the assets are served, e.g. `/checkout/assets`. */
  readonly assetBase: string;
  readonly assets: PageAssets;
  readonly main: SafeHtml;
  readonly header?: SafeHtml;
  readonly footer?: SafeHtml;
  /** Extra elements in <head> (e.g. a <noscript> refresh). */
  readonly head?: SafeHtml;
  /** `data-` attributes for the browser script. */
  readonly data?: Readonly<Record<string, string>>;
  /** Load the browser script (live status, copy buttons, countdown). */
  readonly script?: boolean;
  /**
   * The page the language menu reloads (the page's own path). Without it the menu reloads the current
   * URL, which is right for a GET but not for the answer to a form's POST.
   */
  readonly page?: string;
}

/**
 * The HTML document every checkout page shares: the customer's language and its direction (Arabic
 * right to left), mobile viewport, no inline script or style (the CSP forbids them), the stylesheet
 * and the deferred script from the gateway itself, and the language menu at the foot.
 */
export function renderDocument(input: DocumentInput): SafeHtml {
  const data = Object.entries(input.data ?? {}).map(([key, value]) => html` data-${key}="${value}"`);
  return html`<!doctype html>
<html lang="${input.messages.lang}" dir="${input.messages.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${input.title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${input.assetBase}/${input.assets.css.name}">
${input.script ? html`<script src="${input.assetBase}/${input.assets.js.name}" defer></script>` : ''}
${input.head ?? ''}
</head>
<body${data}>
<a class="skip" href="#main">${input.messages.skipToPayment}</a>
${input.header ?? ''}
<main id="main" tabindex="-1">
${input.main}
</main>
${input.footer ?? ''}
${renderLanguageMenu(input.messages, input.page)}
</body>
</html>
`;
}
