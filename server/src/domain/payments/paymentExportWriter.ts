import type { Transform } from 'node:stream';
import { formatUnits } from '@cairn/chain-core';
import { type ExportFormat, getCoin, PAYMENT_EXPORT_COLUMNS } from '@cairn/contract';
import { createExportWriter, type ExportRow, exportTime } from '../exports/createExportWriter.js';

/** One row as PAYMENT_EXPORT_SELECT reads it (array row mode): text or null, column by column. */
export type PaymentExportRow = ExportRow;

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
  for (const column of TIME_COLUMNS) row[column] = exportTime(row[column] ?? null);
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

/** The writer of a payments export: its columns, each row as exportRow writes it (see createExportWriter). */
export function createPaymentExportWriter(format: ExportFormat): Transform {
  return createExportWriter({ columns: PAYMENT_EXPORT_COLUMNS, format, mapRow: exportRow });
}
