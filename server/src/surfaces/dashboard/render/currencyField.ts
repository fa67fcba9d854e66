import { supportedFiatCurrencies } from '@cairn/contract';
import { html, type SafeHtml } from '../../../web/html.js';

/** The currency: a list of every supported code with its English name, `selected` chosen. */
export function currencyField(selected: string, error: string | undefined): SafeHtml {
  const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });
  const codes = supportedFiatCurrencies();
  const options = codes.map((code) => {
    const name = names.of(code);
    const text = name && name !== code ? `${code} — ${name}` : code;
    return html`<option value="${code}"${code === selected.toUpperCase() ? html` selected` : ''}>${text}</option>`;
  });
  const invalid = error ? html` aria-invalid="true" aria-describedby="f-fiat_currency-error"` : '';
  const errorText = error ? html`<p class="error-text" id="f-fiat_currency-error">${error}</p>` : '';
  return html`<div class="field"><label for="f-fiat_currency">Currency</label>
<select id="f-fiat_currency" name="fiat_currency" required${invalid}>${options}</select>${errorText}</div>`;
}
