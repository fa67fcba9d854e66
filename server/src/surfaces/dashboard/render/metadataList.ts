import { html, type SafeHtml } from '../../../web/html.js';

/** An object's metadata as `key: value` lines, or a dash when it has none. */
export function metadataList(metadata: Readonly<Record<string, string>>): SafeHtml[] | string {
  const entries = Object.entries(metadata);
  return entries.length === 0 ? '—' : entries.map(([key, value]) => html`<code>${key}</code>: ${value}<br>`);
}
