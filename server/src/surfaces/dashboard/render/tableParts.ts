import { type HtmlValue, html, SafeHtml } from '../../../web/html.js';

/** A column, or a cell, of numbers (aligned right by the stylesheet): `{ num: 'Amount' }`. */
export interface Numeric<T> {
  readonly num: T;
}

const isNumeric = <T>(value: T | Numeric<T>): value is Numeric<T> =>
  typeof value === 'object' &&
  value !== null &&
  !(value instanceof SafeHtml) &&
  !Array.isArray(value) &&
  'num' in value;

/** A table's head: one row of column headers (`<th scope="col">`), in order. */
export function tableHead(...columns: readonly (string | Numeric<string>)[]): SafeHtml {
  const header = (column: string | Numeric<string>) =>
    isNumeric(column)
      ? html`<th scope="col" class="num">${column.num}</th>`
      : html`<th scope="col">${column}</th>`;
  return html`<thead><tr>${columns.map(header)}</tr></thead>`;
}

/** A table's row: one `<td>` per cell, in order (`{ num: ... }` for a cell of numbers). */
export function tableRow(...cells: readonly (HtmlValue | Numeric<HtmlValue>)[]): SafeHtml {
  const cell = (value: HtmlValue | Numeric<HtmlValue>) =>
    isNumeric(value) ? html`<td class="num">${value.num}</td>` : html`<td>${value}</td>`;
  return html`<tr>${cells.map(cell)}</tr>`;
}
