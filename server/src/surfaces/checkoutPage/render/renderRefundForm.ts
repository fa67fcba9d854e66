import type { ChainDefinition } from '@cairn/contract';
import { html, type SafeHtml } from '../../../web/html.js';
import type { RenderContext } from './renderContext.js';

/**
 * The refund request form: one address field validated on the server for the payment's chain. A
 * refused address comes back in the field with the reason tied to it (aria-invalid, aria-describedby);
 * the form's action ends in `#refund-address`, so the answer opens scrolled to the field, even without
 * JavaScript.
 */
export function renderRefundForm(chain: ChainDefinition, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  const error = ctx.refundError;
  return html`<form method="post" action="${ctx.paths.refund}#refund-address" class="refund">
<h3>${m.refundHeading}</h3>
<p>${m.refundIntro(chain.name)}</p>
<label for="refund-address" class="refund-label">${m.refundLabel(chain.name)}</label>
<p class="hint" id="refund-hint">${m.refundHint}</p>
${error ? html`<p class="error" id="refund-error" role="alert">${error.message}</p>` : ''}
<input type="text" id="refund-address" name="refund_address" required maxlength="128" autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false" aria-describedby="refund-hint${
    error ? ' refund-error' : ''
  }"${error ? html` aria-invalid="true" value="${error.value}"` : ''}>
<button type="submit" class="button">${m.refundSubmit}</button>
</form>`;
}
