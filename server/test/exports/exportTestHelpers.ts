import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { call } from '../api/apiHelpers.js';

/** A CSV export read back by csv-parse: one object per row, keyed by the header. */
export const csvRows = (text: string) =>
  parse(text, { columns: true, bom: false, relax_quotes: false }) as Record<string, string>[];

/** A JSON Lines export read back: one object per line. */
export const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, string | null>);

/**
 * A record as csv-parse reads its CSV row back: null is an empty cell, and a cell a spreadsheet would
 * run as a formula has the export's leading `'`.
 */
export const asCsvCells = (record: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record).map(([key, value]) => {
      const cell = value ?? '';
      return [key, /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? `'${cell}` : cell];
    }),
  );

/** Every item an API list route gives for `query`, page by page (100 a page). */
export async function listAll<T>(baseUrl: string, key: string, path: string, query = ''): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  do {
    const cursor: string = after ? `&starting_after=${after}` : '';
    const page = await call(baseUrl, key, 'GET', `${path}?limit=100${query ? `&${query}` : ''}${cursor}`);
    expect(page.status, page.text).toBe(200);
    all.push(...(page.body.data as T[]));
    after = page.body.next_starting_after;
  } while (after);
  return all;
}
