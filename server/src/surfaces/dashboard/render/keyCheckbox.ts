import { html, type SafeHtml } from '../../../web/html.js';

/** A labelled checkbox of the key forms (tokens, events), its id made from its name. */
export function keyCheckbox(name: string, label: string, checked: boolean): SafeHtml {
  const id = `c-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const box = html`<input type="checkbox" id="${id}" name="${name}"${checked ? html` checked` : ''}>`;
  return html`<label for="${id}">${box} <span>${label}</span></label>`;
}
