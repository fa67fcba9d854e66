import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, MIGRATIONS, migrate } from '../../src/platform/db/createOrm.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { waitUntil } from '../harness/waitUntil.js';

// Migration20261125020000_creditBalances on a database whose ledger already holds entries: the balances
// are backfilled from it, including an entry committed while the migration waits for the ledger and
// one appended while the migration holds it; down() puts the previous schema back and up() again
// gives the same balances.

const NAME = 'Migration20261125020000_creditBalances';
const BEFORE = 'Migration20261125010000_dashboard';

/** Every reserve's ledger sum and latest entry, and what credit_balances says, as text. */
const COMPARE = `
  select coalesce(l.business_id, b.business_id) as business_id, coalesce(l.mode, b.mode) as mode,
         l.sum::text as ledger, b.balance_usd::text as balance,
         l.latest = b.updated_at as same_time
    from (select business_id, mode, sum(amount_usd) as sum, max(created_at) as latest
            from credit_ledger group by business_id, mode) l
    full join credit_balances b on b.business_id = l.business_id and b.mode = l.mode
   order by 1, 2`;

describe('migration 20261125020000_creditBalances', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  const clients: pg.Client[] = [];
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    orm.em.getConnection().execute<T[]>(query, params);
  const connect = async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await createOrm(db.url, { poolMax: 2 });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await orm?.close(true);
    await db?.drop();
  });

  it('backfills every reserve from the ledger, entries appended during the migration included', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf(NAME)).toBe(names.indexOf(BEFORE) + 1);
    await orm.getMigrator().up({ to: BEFORE });

    const business = async () => {
      const user = randomUUID();
      const id = randomUUID();
      await sql(`insert into users (id, email, created_at) values (?, ?, now())`, [
        user,
        `${user}@cairn.test`,
      ]);
      await sql(`insert into businesses (id, user_id, name, created_at) values (?, ?, 'Shop', now())`, [
        id,
        user,
      ]);
      return id;
    };
    const entry = (businessId: string, mode: string, kind: string, amount: string, at = 'now()') =>
      sql(`insert into credit_ledger values (?, ?, ?, ?, ?::numeric, null, ${at})`, [
        randomUUID(),
        businessId,
        mode,
        kind,
        amount,
      ]);
    const [a, b, c, d] = [await business(), await business(), await business(), await business()];
    await entry(a, 'test', 'grant', '100');
    await entry(a, 'live', 'grant', '50');
    for (let i = 0; i < 30; i++) await entry(a, 'test', 'fee', '-0.25', `now() - interval '${i} minutes'`);
    await entry(a, 'test', 'fee_reversal', '0.25');
    await entry(a, 'test', 'top_up', '12.345678');
    await entry(b, 'test', 'grant', '100');
    await entry(b, 'test', 'adjustment', '-100');
    await entry(c, 'live', 'adjustment', '-3.5');
    // d has no entries: it gets no row.

    // An append left uncommitted: the migration waits for it, then counts it.
    const early = await connect();
    await early.query('begin');
    await early.query(`insert into credit_ledger values ($1, $2, 'test', 'top_up', 7.000001, null, now())`, [
      randomUUID(),
      a,
    ]);
    const migrator = await createOrm(db.url, { poolMax: 1 });
    const migrating = migrate(migrator);
    const waitingForLocks = async (n: number) =>
      waitUntil(async () => {
        const [row] = await sql<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return row!.n >= n;
      }, `${n} session(s) waiting for a lock`);
    await waitingForLocks(1);
    // An append started while the migration waits for the ledger: it queues behind the migration and
    // is added by the new trigger once the migration commits.
    const late = await connect();
    const lateAppend = late.query(
      `insert into credit_ledger values ($1, $2, 'live', 'top_up', 1.5, null, now())`,
      [randomUUID(), c],
    );
    await waitingForLocks(2);
    await early.query('commit');
    expect(await migrating).toContain(NAME);
    await lateAppend;
    await migrator.close(true);

    const rows = await sql<{
      business_id: string;
      mode: string;
      ledger: string;
      balance: string;
      same_time: boolean;
    }>(COMPARE);
    expect(rows.every((r) => r.ledger === r.balance && r.same_time)).toBe(true);
    const byReserve = Object.fromEntries(rows.map((r) => [`${r.business_id}:${r.mode}`, r.balance]));
    expect(byReserve).toEqual({
      [`${a}:test`]: '112.095679',
      [`${a}:live`]: '50',
      [`${b}:test`]: '0',
      [`${c}:live`]: '-2.0',
    });
    expect(rows.some((r) => r.business_id === d)).toBe(false);

    // Appends after the migration are counted by the trigger.
    await entry(d, 'live', 'top_up', '0.01');
    await entry(a, 'test', 'fee', '-0.25');
    const after = await sql<{ ledger: string; balance: string; same_time: boolean }>(COMPARE);
    expect(after.every((r) => r.ledger === r.balance && r.same_time)).toBe(true);
    expect(after).toHaveLength(5);
  });

  it('down() restores the previous schema; up() again backfills the same balances', async () => {
    const before = await sql(COMPARE);
    // Reverts the migrations after this one, then this one (`to` is inclusive going down).
    await orm.getMigrator().down({ to: NAME });
    const exists = async (name: string) =>
      (await sql<{ r: string | null }>('select to_regclass(?)::text as r', [name]))[0]!.r !== null;
    expect(await exists('credit_balances')).toBe(false);
    expect(await exists('credit_ledger_list_idx')).toBe(false);
    expect(await exists('credit_ledger_business_idx')).toBe(true);
    // Without the trigger an append changes nothing but the ledger.
    const [row] = await sql<{ business_id: string }>('select business_id from credit_ledger limit 1');
    await sql(`insert into credit_ledger values (?, ?, 'test', 'adjustment', 1, null, now())`, [
      randomUUID(),
      row!.business_id,
    ]);
    await migrate(orm);
    const again = await sql<{ ledger: string; balance: string; same_time: boolean }>(COMPARE);
    expect(again.every((r) => r.ledger === r.balance && r.same_time)).toBe(true);
    expect(again.length).toBeGreaterThanOrEqual(before.length);
    expect(await exists('credit_ledger_list_idx')).toBe(true);
    expect(await exists('credit_ledger_business_idx')).toBe(false);
  });
});
