import { pipeline, type Readable } from 'node:stream';
import type { ExportFormat } from '@cairn/contract';
import type { ClientBase } from 'pg';
import QueryStream from 'pg-query-stream';
import type { Gateway } from '../gateway/Gateway.js';
import { type PaymentExportFilter, paymentExportQuery } from './paymentExportQuery.js';
import { createPaymentExportWriter } from './paymentExportWriter.js';

/** Rows fetched from the server-side cursor at a time. */
const FETCH_ROWS = 1000;

/**
 * An export of payments as a file stream (CSV or JSON Lines, see createPaymentExportWriter), read
 * from the database through a server-side cursor (pg-query-stream) on one connection of the ORM's
 * pool, in (created_at, id) descending order: the rows are fetched FETCH_ROWS at a time as the
 * reader reads, so memory stays flat whatever the count, and the first bytes leave before the last
 * row is read. Destroying the returned stream (a client that disconnects: Fastify destroys the
 * payload it was sending) closes the cursor, which stops the query; the connection goes back to the
 * pool once the cursor is closed.
 */
export async function streamPaymentExport(
  gateway: Gateway,
  filter: PaymentExportFilter,
  format: ExportFormat,
): Promise<Readable> {
  const { text, values } = paymentExportQuery(filter);
  const pool = gateway.orm.em.getConnection().getKnex().client;
  const connection = (await pool.acquireConnection()) as ClientBase;
  const rows = new QueryStream(text, values, { batchSize: FETCH_ROWS, rowMode: 'array' });
  rows.once('close', () => pool.releaseConnection(connection));
  connection.query(rows);
  // The callback only sees how it ended: an error has already destroyed every stream of the chain,
  // and the reply that was reading the last one ends with it.
  return pipeline(rows, createPaymentExportWriter(format), (error) => {
    if (error && !rows.destroyed) rows.destroy(error);
  });
}
