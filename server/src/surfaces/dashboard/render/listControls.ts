import { html, type SafeHtml } from '../../../web/html.js';

/** A list's pager: back to the first page when on a later one, and on to the next (older) page. */
export function pager(first: string | null, next: string | null, nextLabel: string): SafeHtml {
  const firstLink = first !== null ? html`<a href="${first}">First page</a>` : '';
  const nextLink = next !== null ? html`<a rel="next" href="${next}">${nextLabel}</a>` : '';
  return html`<nav class="pager" aria-label="Pages">${firstLink}${nextLink}</nav>`;
}

/** A filter form's buttons: apply, and clear (a link to the unfiltered list) while any filter is set. */
export function filterButtons(submitLabel: string, clearHref: string | null): SafeHtml {
  const clear =
    clearHref !== null ? html` <a class="button secondary" href="${clearHref}">Clear filters</a>` : '';
  return html`<div class="actions"><button type="submit">${submitLabel}</button>${clear}</div>`;
}

/** A filter's drop-down: `All` (empty), then the options as [value, text], the chosen one selected. */
export function filterSelect(
  name: string,
  label: string,
  value: string,
  options: readonly (readonly [string, string])[],
): SafeHtml {
  const choices = options.map(
    ([v, text]) => html`<option value="${v}"${v === value ? html` selected` : ''}>${text}</option>`,
  );
  const select = html`<select id="f-${name}" name="${name}"><option value="">All</option>${choices}</select>`;
  return html`<div class="field"><label for="f-${name}">${label}</label>${select}</div>`;
}

/** A filter form's payment id field. */
export function paymentIdFilter(value: string): SafeHtml {
  const input = html`<input id="f-payment" name="payment" type="text" spellcheck="false" value="${value}">`;
  return html`<div class="field"><label for="f-payment">Payment id</label>${input}</div>`;
}

/** A card with one sentence: what a list shows when it has nothing. */
export function emptyCard(text: string | SafeHtml): SafeHtml {
  return html`<div class="card"><p>${text}</p></div>`;
}
