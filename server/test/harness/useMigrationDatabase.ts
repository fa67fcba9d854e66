import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll } from 'vitest';
import { createOrm } from '../../src/platform/db/createOrm.js';
import { createTestDatabase } from './createTestDatabase.js';

/** A fresh, unmigrated database of a migration test, with its ORM and a raw-SQL helper. */
export interface MigrationDatabase {
  /** The ORM on the database (one connection, so `set session_replication_role` holds for `sql`). */
  orm(): MikroORM;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /**
   * Writes a test-mode webhook endpoint subscribed to `events` straight in SQL (made-up key and
   * business: turn foreign keys off first), as the schema before the migration under test has it.
   */
  insertWebhookEndpoint(events: readonly string[]): Promise<string>;
}

/**
 * A migration test's database: created, with an ORM on it, before the file's tests, and dropped after.
 * No migration is run: each test walks the migrator to where it needs.
 */
export function useMigrationDatabase(): MigrationDatabase {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let orm: MikroORM | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await createOrm(db.url, { poolMax: 1 });
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });
  const current = () => {
    if (!orm) throw new Error('the migration database is made in beforeAll');
    return orm;
  };
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    current().em.getConnection().execute<T[]>(query, params);
  return {
    orm: current,
    sql,
    async insertWebhookEndpoint(events) {
      const id = randomUUID();
      const now = new Date().toISOString();
      await sql(
        `insert into webhook_endpoints (id, api_key_id, business_id, mode, url, events, secret_sealed, created_at, updated_at)
         values (?, ?, ?, 'test', 'https://shop.example/hooks', ?::text[], 'sealed', ?, ?)`,
        [id, randomUUID(), randomUUID(), `{${events.join(',')}}`, now, now],
      );
      return id;
    },
  };
}
