import { CUSTOMER_LOCALES } from '../../../web/customerLanguage/customerLocales.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { Messages } from './messages.js';

/**
 * The language menu at the foot of every customer page: a GET form to the page (`page`, or the current
 * URL) with `?lang=`,
 * which the checkout remembers in a cookie. Each language is named in itself, so a customer who cannot
 * read the current one still finds theirs. Works without JavaScript.
 */
export function renderLanguageMenu(m: Messages, page?: string): SafeHtml {
  const options = CUSTOMER_LOCALES.map(
    (l) =>
      html`<option value="${l.tag}" lang="${l.tag}"${l.tag === m.lang ? html` selected` : ''}>${l.name}</option>`,
  );
  return html`<form class="language" method="get"${page ? html` action="${page}"` : ''}>
<label for="language-select">${m.languageLabel}</label>
<select id="language-select" name="lang">${options}</select>
<button type="submit">${m.languageChange}</button>
</form>`;
}
