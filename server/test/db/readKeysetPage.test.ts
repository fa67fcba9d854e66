import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm } from '../../src/platform/db/createOrm.js';
import { type KeysetPageQuery, readKeysetPage } from '../../src/platform/db/readKeysetPage.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';

// readKeysetPage, the one keyset pagination every list uses: newest first on a unique key, pages that
// stay exact while rows are added (inside runs of equal timestamps too, to the microsecond), one
// statement per page, and a cursor that names no row either refused or read as the end.

describe('readKeysetPage', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    orm.em.getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await createOrm(db.url);
    await sql('create table items (id int primary key, owner text not null, at timestamptz not null)');
    // 25 items of owner a: five runs of five sharing one microsecond timestamp; 3 of owner b.
    await sql(
      `insert into items select g, 'a', timestamptz '2026-11-01 12:00:00.000001+00' + (g / 5) * interval '1 microsecond'
         from generate_series(1, 25) g`,
    );
    await sql(`insert into items select 100 + g, 'b', now() from generate_series(1, 3) g`);
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  const query = (owner: string, limit: number, after?: number, whenMissing?: 'empty'): KeysetPageQuery => ({
    select: 'select i.id from items i',
    where: ['i.owner = ?'],
    params: [owner],
    key: [{ column: 'i.at' }, { column: 'i.id' }],
    after:
      after === undefined
        ? undefined
        : {
            sql: 'select at, id from items where id = ? and owner = ?',
            params: [after, owner],
            whenMissing: whenMissing ?? (() => new RangeError(`no item ${after}`)),
          },
    limit,
  });
  const ids = async (q: KeysetPageQuery) => {
    const page = await readKeysetPage<{ id: number }>(orm.em.fork(), q);
    return { ids: page.rows.map((r) => r.id), hasMore: page.hasMore };
  };

  it('walks the whole list newest first, page by page, each row once', async () => {
    const seen: number[] = [];
    let after: number | undefined;
    for (;;) {
      const page = await ids(query('a', 7, after));
      seen.push(...page.ids);
      if (!page.hasMore) break;
      after = page.ids.at(-1);
    }
    const expected = (
      await sql<{ id: number }>(`select id from items where owner = 'a' order by at desc, id desc`)
    ).map((r) => r.id);
    expect(seen).toEqual(expected);
    expect(seen).toHaveLength(25);
  });

  it('keeps the next page exact when newer rows arrive meanwhile', async () => {
    const first = await ids(query('a', 10));
    await sql(`insert into items values (50, 'a', now())`);
    const second = await ids(query('a', 10, first.ids.at(-1)));
    expect(second.ids).not.toContain(50);
    expect(new Set([...first.ids, ...second.ids]).size).toBe(20);
    await sql('delete from items where id = 50');
  });

  it('is one statement per page', async () => {
    const connection = orm.em.getConnection();
    const execute = connection.execute.bind(connection);
    let statements = 0;
    connection.execute = ((...args: Parameters<typeof execute>) => {
      statements += 1;
      return execute(...args);
    }) as typeof connection.execute;
    try {
      await ids(query('a', 5));
      await ids(query('a', 5, 20));
    } finally {
      connection.execute = execute;
    }
    expect(statements).toBe(2);
  });

  it('refuses a cursor that names no row of the list, or reads it as the end when asked to', async () => {
    await expect(ids(query('a', 5, 101))).rejects.toThrow('no item 101');
    await expect(ids(query('a', 5, 9999))).rejects.toThrow('no item 9999');
    expect(await ids(query('a', 5, 101, 'empty'))).toEqual({ ids: [], hasMore: false });
  });

  it('answers an empty page at the end of the list without refusing the cursor', async () => {
    const oldest = (
      await sql<{ id: number }>(`select id from items where owner = 'b' order by at, id limit 1`)
    )[0]!.id;
    expect(await ids(query('b', 5, oldest))).toEqual({ ids: [], hasMore: false });
  });

  it('refuses a limit below one', async () => {
    await expect(ids(query('a', 0))).rejects.toThrow(RangeError);
  });
});
