import type { EntityManager, Knex, MikroORM } from '@mikro-orm/postgresql';
import type { ClientBase, QueryResultRow } from 'pg';

/**
 * A named SQL statement: PostgreSQL parses and plans it once per connection, later calls only bind
 * and execute. Its text must never change under the same name.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/**
 * Runs a named (prepared) statement on a connection of the ORM's own pool, for the hot paths where
 * the ORM's query building and hydration cost more than the query. Rows come back as node-postgres
 * returns them on the ORM's connections: timestamps as strings, arrays parsed, `numeric` as strings.
 * A single statement is atomic on its own: no transaction is opened. Given `tx`, an EntityManager
 * inside a transaction, the statement runs on that transaction's connection and commits with it.
 *
 * @example
 * ```ts
 * const rows = await queryPrepared<{ id: string }>(orm, { name: 'key_by_hash', text: 'select id from api_keys where key_hash = $1' }, [hash]);
 * ```
 */
export async function queryPrepared<Row extends QueryResultRow>(
  orm: MikroORM,
  statement: PreparedStatement,
  values: readonly unknown[],
  tx?: EntityManager,
): Promise<Row[]> {
  // A knex transaction's client hands out the transaction's own connection and never releases it.
  const transaction = tx?.getTransactionContext<Knex.Transaction>();
  if (tx && !transaction) throw new Error('queryPrepared: the EntityManager given is not in a transaction');
  const client = (transaction ?? orm.em.getConnection().getKnex()).client;
  const connection = (await client.acquireConnection()) as ClientBase;
  try {
    const result = await connection.query<Row>({
      name: statement.name,
      text: statement.text,
      values: values as unknown[],
    });
    return result.rows;
  } finally {
    client.releaseConnection(connection);
  }
}
