import type { ExportFormat } from '@cairn/contract';
import { html, type SafeHtml } from '../../../web/html.js';

/**
 * A list's exports: Download CSV and Download JSON Lines, each a link to `hrefOf(format)` (the
 * export route with the list's current filters), labelled for what they export.
 */
export function exportLinks(label: string, hrefOf: (format: ExportFormat) => string): SafeHtml {
  const link = (format: ExportFormat, text: string) =>
    html`<a class="button secondary" href="${hrefOf(format)}" download>${text}</a>`;
  return html`<div class="actions exports" aria-label="${label}">${link('csv', 'Download CSV')} ${link('jsonl', 'Download JSON Lines')}</div>`;
}
