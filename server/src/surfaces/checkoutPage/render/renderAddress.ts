import { html, type SafeHtml } from '../../../web/html.js';
import { groupAddress } from './groupAddress.js';

/**
 * An address (or token contract) as a `<code>` of 4-character groups: each group is an unbreakable
 * box spaced from the next (CSS `.address span`), so phones break lines between groups only. No space
 * is in the text, so the element's text, a hand selection and the Copy button (`data-copy-value`)
 * all give the exact address.
 */
export function renderAddress(id: string, address: string): SafeHtml {
  return html`<code class="value address" id="${id}" data-copy-value="${address}">${groupAddress(address).map(
    (group) => html`<span>${group}</span>`,
  )}</code>`;
}
