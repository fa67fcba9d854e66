import type { ApiKeyChoice } from '../../../domain/apiKeys/ApiKeySummary.js';
import { html, type SafeHtml } from '../../../web/html.js';

const ID = 'f-api_key';

/**
 * The API key a link or an invoice is made for: a drop-down of the mode's active keys (label and
 * hint), what choosing one means, and why the form refused the choice.
 */
export function apiKeyField(
  keys: readonly ApiKeyChoice[],
  chosen: string | undefined,
  hint: SafeHtml,
  error: string | undefined,
): SafeHtml {
  const options = keys.map(
    (k) =>
      html`<option value="${k.id}"${k.id === chosen ? html` selected` : ''}>${k.label} (${k.hint})</option>`,
  );
  const describedBy = `${ID}-hint${error ? ` ${ID}-error` : ''}`;
  return html`<div class="field"><label for="${ID}">API key</label>
<select id="${ID}" name="api_key" aria-describedby="${describedBy}">${options}</select>
<p class="hint" id="${ID}-hint">${hint}</p>
${error ? html`<p class="error-text" id="${ID}-error">${error}</p>` : ''}
</div>`;
}
