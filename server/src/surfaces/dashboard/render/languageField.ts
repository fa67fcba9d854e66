import { CUSTOMER_LOCALES } from '../../../web/customerLanguage/customerLocales.js';
import { html, type SafeHtml } from '../../../web/html.js';

const ENGLISH_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** A customer language as the dashboard names it: in English, then in itself (`Spanish — Español`). */
export function languageLabel(tag: string): string {
  const own = CUSTOMER_LOCALES.find((l) => l.tag === tag)?.name ?? tag;
  // zh-CN is Simplified Chinese, which DisplayNames calls "Chinese (China)" by its region.
  const english = ENGLISH_NAMES.of(tag === 'zh-CN' ? 'zh-Hans' : tag) ?? tag;
  return english === own ? own : `${english} — ${own}`;
}

/**
 * An invoice's language: what its mails are written in and its page opens in. Blank leaves the page
 * to the recipient's browser, with the mails in English.
 */
export function languageField(selected: string | undefined, error: string | undefined): SafeHtml {
  const options = CUSTOMER_LOCALES.map(
    (l) =>
      html`<option value="${l.tag}"${l.tag === selected ? html` selected` : ''}>${languageLabel(l.tag)}</option>`,
  );
  const invalid = error ? html` aria-invalid="true" aria-describedby="f-language-error"` : '';
  const errorText = error ? html`<p class="error-text" id="f-language-error">${error}</p>` : '';
  const none = html`<option value="">The recipient’s browser decides (mails in English)</option>`;
  const hint = html`<p class="hint" id="f-language-hint">The invoice mails are written in it and the invoice page opens in it;
the recipient can still change the page’s language.</p>`;
  return html`<div class="field"><label for="f-language">Language (optional)</label>
<select id="f-language" name="language" aria-describedby="f-language-hint"${invalid}>${none}${options}</select>
${hint}${errorText}</div>`;
}
