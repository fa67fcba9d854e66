import { pipeline, type Readable, type Transform } from 'node:stream';
import type { ClientBase } from 'pg';
import QueryStream from 'pg-query-stream';
import type { Gateway } from '../gateway/Gateway.js';

/** Rows fetched from the server-side cursor at a time. */
const FETCH_ROWS = 1000;

/** A statement with `$n` parameters for node-postgres. */
export interface ExportQuery {
  readonly text: string;
  readonly values: unknown[];
}

/**
 * An export as a file stream: the statement's rows (array row mode) read through a server-side
 * cursor (pg-query-stream) on one connection of the ORM's pool and piped through `writer` (see
 * createExportWriter). The rows are fetched FETCH_ROWS at a time as the reader reads, so memory stays
 * flat whatever the count, and the first bytes leave before the last row is read. Destroying the
 * returned stream (a client that disconnects: Fastify destroys the payload it was sending) closes the
 * cursor, which stops the query; the connection goes back to the pool once the cursor is closed.
 */
export async function streamExport(
  gateway: Gateway,
  query: ExportQuery,
  writer: Transform,
): Promise<Readable> {
  const pool = gateway.orm.em.getConnection().getKnex().client;
  const connection = (await pool.acquireConnection()) as ClientBase;
  const rows = new QueryStream(query.text, query.values, { batchSize: FETCH_ROWS, rowMode: 'array' });
  rows.once('close', () => pool.releaseConnection(connection));
  connection.query(rows);
  // The callback only sees how it ended: an error has already destroyed every stream of the chain,
  // and the reply that was reading the last one ends with it.
  return pipeline(rows, writer, (error) => {
    if (error && !rows.destroyed) rows.destroy(error);
  });
}
