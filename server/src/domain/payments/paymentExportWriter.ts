import { Transform } from 'node:stream';
import { formatUnits } from '@cairn/chain-core';
import { type ExportFormat, getCoin, PAYMENT_EXPORT_COLUMNS } from '@cairn/contract';
import { stringify } from 'csv-stringify/sync';

/** One row as PAYMENT_EXPORT_SELECT reads it (array row mode): text or null, column by column. */
export type PaymentExportRow = (string | null)[];

/** Rows written per chunk: one write per batch instead of one per row. */
const BATCH_ROWS = 500;

const at = (name: (typeof PAYMENT_EXPORT_COLUMNS)[number]) => PAYMENT_EXPORT_COLUMNS.indexOf(name);
const TIME_COLUMNS = [at('created_at'), at('updated_at'), at('confirmed_at'), at('expires_at')];
const CHAIN = at('chain');
const COIN = at('coin');
const CRYPTO_AMOUNT = at('crypto_amount');
const AMOUNT_RECEIVED = at('amount_received');

const decimalsByCoin = new Map<string, number>();

/** The decimals of a coin of the chain registry (those the payment's option was priced with). */
function decimalsOf(chainId: string, symbol: string): number {
  const key = `${chainId}:${symbol}`;
  let decimals = decimalsByCoin.get(key);
  if (decimals === undefined) {
    const coin = getCoin(chainId, symbol);
    if (!coin) throw new Error(`Export: ${key} is not a coin of the chain registry`);
    decimals = coin.decimals;
    decimalsByCoin.set(key, decimals);
  }
  return decimals;
}

/**
 * A row as it is written: times as the API writes them (RFC 3339 UTC, `Z`, no `.000`), the locked
 * amount and the live received sum in whole coins of the selected coin (exact: bigint digits, never
 * a JS number). Before a coin is picked, crypto_amount is empty and amount_received is `0`.
 */
export function exportRow(row: PaymentExportRow): PaymentExportRow {
  for (const column of TIME_COLUMNS) {
    const value = row[column];
    if (value?.endsWith('.000Z')) row[column] = `${value.slice(0, -5)}Z`;
  }
  const chain = row[CHAIN];
  const coin = row[COIN];
  if (chain && coin) {
    const decimals = decimalsOf(chain, coin);
    const locked = row[CRYPTO_AMOUNT];
    row[CRYPTO_AMOUNT] = locked == null ? null : formatUnits(BigInt(locked), decimals);
    row[AMOUNT_RECEIVED] = formatUnits(BigInt(row[AMOUNT_RECEIVED] ?? '0'), decimals);
  } else {
    row[CRYPTO_AMOUNT] = null;
  }
  return row;
}

/** A row as one JSON Lines line: an object of the export's columns. */
function jsonLine(row: PaymentExportRow): string {
  const record: Record<string, string | null> = {};
  for (let i = 0; i < PAYMENT_EXPORT_COLUMNS.length; i++) record[PAYMENT_EXPORT_COLUMNS[i]!] = row[i] ?? null;
  return `${JSON.stringify(record)}\n`;
}

/**
 * Rows in, file text out, in batches of BATCH_ROWS rows (a Transform: it holds back the rows it is
 * given while the reader does not read). CSV is RFC 4180 (CRLF line ends, a header row, quotes only
 * where needed, UTF-8, no byte order mark) written by csv-stringify with `escape_formulas`: a cell
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width forms) gets a
 * leading `'` (OWASP, CSV injection). JSON Lines carry every text as it is.
 */
export function createPaymentExportWriter(format: ExportFormat): Transform {
  let batch: PaymentExportRow[] = [];
  let headerWritten = false;
  const render = (): string => {
    const rows = batch;
    batch = [];
    if (format === 'jsonl') return rows.map(jsonLine).join('');
    const text = stringify(rows, {
      header: !headerWritten,
      columns: [...PAYMENT_EXPORT_COLUMNS],
      record_delimiter: 'windows',
      escape_formulas: true,
    });
    headerWritten = true;
    return text;
  };
  return new Transform({
    writableObjectMode: true,
    transform(row: PaymentExportRow, _encoding, done) {
      try {
        batch.push(exportRow(row));
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
