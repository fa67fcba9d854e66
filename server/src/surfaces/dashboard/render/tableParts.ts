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

/** One `<td>`, labelled with its column's header when it has one (the phone layout shows the label). */
export function tableCell(value: HtmlValue | Numeric<HtmlValue>, label?: string): SafeHtml {
  const labelled = label === undefined ? '' : html` data-label="${label}"`;
  return isNumeric(value)
    ? html`<td class="num"${labelled}>${value.num}</td>`
    : html`<td${labelled}>${value}</td>`;
}

/** A table's row: one `<td>` per cell, in order (`{ num: ... }` for a cell of numbers), unlabelled. */
export function tableRow(...cells: readonly (HtmlValue | Numeric<HtmlValue>)[]): SafeHtml {
  return html`<tr>${cells.map((value) => tableCell(value))}</tr>`;
}

/** A table's columns: its head, and rows whose cells carry their column's header as `data-label`. */
export interface TableColumns {
  readonly head: SafeHtml;
  row(...cells: readonly (HtmlValue | Numeric<HtmlValue>)[]): SafeHtml;
}

/**
 * The columns of a table, in order: `head` draws them, `row` draws one row whose cells are labelled with
 * their column's header, so that under 640 px (where rows become stacked cards) every value keeps its name.
 */
export function tableColumns(...columns: readonly (string | Numeric<string>)[]): TableColumns {
  const labels = columns.map((column) => (isNumeric(column) ? column.num : column));
  return {
    head: tableHead(...columns),
    row: (...cells) => html`<tr>${cells.map((value, i) => tableCell(value, labels[i]))}</tr>`,
  };
}
