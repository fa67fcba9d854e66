import { Transform } from 'node:stream';
import type { ExportFormat } from '@cairn/contract';
import { stringify } from 'csv-stringify/sync';

/** One row as an export's statement reads it (array row mode): text or null, column by column. */
export type ExportRow = (string | null)[];

/** Rows written per chunk: one write per batch instead of one per row. */
const BATCH_ROWS = 500;

/** What an export writes: its columns (file order) and how a row read becomes a row written. */
export interface ExportWriterOptions {
  readonly columns: readonly string[];
  readonly format: ExportFormat;
  /** Turns a row as read into the row as written (in place or a new array); identity if absent. */
  readonly mapRow?: ((row: ExportRow) => ExportRow) | undefined;
}

/** A time as the API writes it: RFC 3339 UTC, `Z`, without a `.000` of whole seconds. */
export const exportTime = (value: string | null): string | null =>
  value?.endsWith('.000Z') ? `${value.slice(0, -5)}Z` : value;

/**
 * A time column read as RFC 3339 UTC with milliseconds (`.000Z` is shortened to `Z` by exportTime
 * when a row is written).
 */
export const exportTimeColumn = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Rows in, file text out, in batches of BATCH_ROWS rows (a Transform: it holds back the rows it is
 * given while the reader does not read). CSV is RFC 4180 (CRLF line ends, a header row even when
 * there is no row, quotes only where needed, UTF-8, no byte order mark) written by csv-stringify with
 * `escape_formulas`: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return (or their
 * full-width forms) gets a leading `'` (OWASP, CSV injection). JSON Lines carry every text as it is,
 * one object of the columns per line.
 */
export function createExportWriter({ columns, format, mapRow }: ExportWriterOptions): Transform {
  let batch: ExportRow[] = [];
  let headerWritten = false;
  const jsonLine = (row: ExportRow): string => {
    const record: Record<string, string | null> = {};
    for (let i = 0; i < columns.length; i++) record[columns[i]!] = row[i] ?? null;
    return `${JSON.stringify(record)}\n`;
  };
  const render = (): string => {
    const rows = batch;
    batch = [];
    if (format === 'jsonl') return rows.map(jsonLine).join('');
    const text = stringify(rows, {
      header: !headerWritten,
      columns: [...columns],
      record_delimiter: 'windows',
      escape_formulas: true,
    });
    headerWritten = true;
    return text;
  };
  return new Transform({
    writableObjectMode: true,
    transform(row: ExportRow, _encoding, done) {
      try {
        batch.push(mapRow ? mapRow(row) : row);
        if (batch.length < BATCH_ROWS) return done();
        // A full batch is written on the next turn of the event loop: meanwhile the cursor, whose
        // buffer has room again, asks PostgreSQL for its next rows, so the database reads while this
        // process writes (done at once, the two would take turns).
        setImmediate(() => {
          try {
            done(null, render());
          } catch (error) {
            done(error as Error);
          }
        });
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        if (batch.length > 0 || (format === 'csv' && !headerWritten)) done(null, render());
        else done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
