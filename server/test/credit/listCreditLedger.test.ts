import { randomUUID } from 'node:crypto';
import type { Mode } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_LEDGER_PAGE_DEFAULT,
  CREDIT_LEDGER_PAGE_MAX,
  type CreditLedgerLine,
  listCreditLedger,
} from '../../src/domain/credit/listCreditLedger.js';
import { createOrm, migrate } from '../../src/platform/db/createOrm.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';

// listCreditLedger: newest first, keyset pages on (created_at desc, id desc) through
// credit_ledger_list_idx, exact at page boundaries inside runs of equal timestamps (to the microsecond,
// which a JS Date cannot hold), scoped to one business and mode.

describe('listCreditLedger', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    orm.em.getConnection().execute<T[]>(query, params);
  const list = (input: Parameters<typeof listCreditLedger>[1]) => listCreditLedger(orm.em.fork(), input);

  const business = async () => {
    const user = randomUUID();
    const id = randomUUID();
    await sql(`insert into users (id, email, created_at) values (?, ?, now())`, [user, `${user}@cairn.test`]);
    await sql(`insert into businesses (id, user_id, name, created_at) values (?, ?, 'Shop', now())`, [
      id,
      user,
    ]);
    return id;
  };
  const entry = async (businessId: string, mode: Mode, amount: string, at: string, kind = 'adjustment') => {
    const id = randomUUID();
    await sql(`insert into credit_ledger values (?, ?, ?, ?, ?::numeric, null, ?::timestamptz)`, [
      id,
      businessId,
      mode,
      kind,
      amount,
      at,
    ]);
    return id;
  };
  /** Every entry of a reserve in the order the pages must give them. */
  const expectedOrder = async (businessId: string, mode: Mode) =>
    (
      await sql<{ id: string }>(
        'select id from credit_ledger where business_id = ? and mode = ? order by created_at desc, id desc',
        [businessId, mode],
      )
    ).map((r) => r.id);
  /** Follows `next` from the first page to the last. */
  const allPages = async (businessId: string, mode: Mode, limit: number) => {
    const pages: CreditLedgerLine[][] = [];
    let before: string | undefined;
    for (;;) {
      const page = await list({ businessId, mode, limit, ...(before ? { before } : {}) });
      pages.push([...page.entries]);
      if (page.next === null) return pages;
      expect(page.next).toBe(page.entries.at(-1)!.id);
      before = page.next;
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await createOrm(db.url, { poolMax: 2 });
    await migrate(orm);
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  it('pages newest first across boundaries inside a run of equal created_at values', async () => {
    const shop = await business();
    const other = await business();
    const same = '2026-05-01 08:00:00.123456+00';
    // Seven entries at one instant, and neighbours a microsecond either side (one JS millisecond).
    for (let i = 0; i < 7; i++) await entry(shop, 'test', `-0.${i + 1}`, same, 'fee');
    await entry(shop, 'test', '100', '2026-05-01 08:00:00.123455+00', 'grant');
    await entry(shop, 'test', '0.5', '2026-05-01 08:00:00.123457+00', 'fee_reversal');
    await entry(shop, 'test', '25.000001', '2026-05-01 09:00:00+00', 'top_up');
    await entry(shop, 'test', '-1', '2026-04-30 08:00:00+00');
    // Another mode and another business, at the same instants: never listed.
    await entry(shop, 'live', '50', same, 'grant');
    await entry(other, 'test', '100', same, 'grant');

    const order = await expectedOrder(shop, 'test');
    expect(order).toHaveLength(11);
    for (const limit of [1, 2, 3, 4, 7, 10, 11, 12]) {
      const pages = await allPages(shop, 'test', limit);
      expect(pages.map((p) => p.length)).toEqual(
        Array.from({ length: Math.ceil(11 / limit) }, (_, i) => Math.min(limit, 11 - i * limit)),
      );
      expect(pages.flat().map((e) => e.id)).toEqual(order);
    }

    const [first] = await allPages(shop, 'test', 3);
    expect(first!.map((e) => [e.kind, e.amountUsd])).toEqual([
      ['top_up', '25.000001'],
      ['fee_reversal', '0.5'],
      expect.arrayContaining(['fee']),
    ]);
    expect(first![0]).toEqual({
      id: order[0],
      kind: 'top_up',
      amountUsd: '25.000001',
      paymentId: null,
      createdAt: new Date('2026-05-01T09:00:00Z'),
    });
    const last = (await allPages(shop, 'test', 20))[0]!.at(-1)!;
    expect([last.kind, last.amountUsd, last.createdAt]).toEqual([
      'adjustment',
      '-1',
      new Date('2026-04-30T08:00:00Z'),
    ]);
  });

  it('keeps later pages where they were when entries are appended meanwhile', async () => {
    const shop = await business();
    for (let i = 0; i < 5; i++) await entry(shop, 'live', `-0.0${i + 1}`, `2026-05-02 10:00:0${i}+00`, 'fee');
    const first = await list({ businessId: shop, mode: 'live', limit: 2 });
    await entry(shop, 'live', '10', '2026-05-03 00:00:00+00', 'top_up');
    await entry(shop, 'live', '1', '2026-05-02 10:00:03.5+00');
    // Both are newer than the first page's last entry (10:00:03): the next pages are those of the
    // original five.
    const second = await list({ businessId: shop, mode: 'live', limit: 2, before: first.next! });
    expect(second.entries.map((e) => e.amountUsd)).toEqual(['-0.03', '-0.02']);
    const third = await list({ businessId: shop, mode: 'live', limit: 2, before: second.next! });
    expect(third).toEqual({ entries: [expect.objectContaining({ amountUsd: '-0.01' })], next: null });
    // A new first page shows them.
    const again = await list({ businessId: shop, mode: 'live', limit: 2 });
    expect(again.entries.map((e) => e.amountUsd)).toEqual(['10', '-0.05']);
  });

  it("gives an empty page for another reserve's cursor or an unknown id, and refuses malformed input", async () => {
    const shop = await business();
    const other = await business();
    await entry(shop, 'test', '1', '2026-05-01 00:00:00+00');
    const foreign = await entry(other, 'test', '1', '2026-06-01 00:00:00+00');
    const otherMode = await entry(shop, 'live', '1', '2026-06-01 00:00:00+00');
    for (const before of [foreign, otherMode, randomUUID()]) {
      expect(await list({ businessId: shop, mode: 'test', before })).toEqual({ entries: [], next: null });
    }
    await expect(list({ businessId: shop, mode: 'test', before: 'nope' })).rejects.toThrow(RangeError);
    await expect(list({ businessId: shop, mode: 'test', limit: 0 })).rejects.toThrow(RangeError);
    await expect(list({ businessId: shop, mode: 'test', limit: 2.5 })).rejects.toThrow(RangeError);
    expect(await list({ businessId: randomUUID(), mode: 'test' })).toEqual({ entries: [], next: null });
  });

  it(`lists ${CREDIT_LEDGER_PAGE_DEFAULT} by default and at most ${CREDIT_LEDGER_PAGE_MAX}`, async () => {
    const shop = await business();
    await sql(
      `insert into credit_ledger (id, business_id, mode, kind, amount_usd, payment_id, created_at)
       select gen_random_uuid(), ?, 'test', 'fee', -0.25, null, timestamptz '2026-05-01' + g * interval '1 second'
         from generate_series(1, 250) g`,
      [shop],
    );
    const byDefault = await list({ businessId: shop, mode: 'test' });
    expect(byDefault.entries).toHaveLength(50);
    expect(byDefault.next).toBe(byDefault.entries[49]!.id);
    const capped = await list({ businessId: shop, mode: 'test', limit: 1000 });
    expect(capped.entries).toHaveLength(200);
    const rest = await list({ businessId: shop, mode: 'test', limit: 1000, before: capped.next! });
    expect(rest.entries).toHaveLength(50);
    expect(rest.next).toBeNull();
    expect([...capped.entries, ...rest.entries].map((e) => e.id)).toEqual(await expectedOrder(shop, 'test'));
    // The maintained balance agrees with what was listed.
    const [balance] = await sql<{ b: string }>(
      `select balance_usd::text as b from credit_balances where business_id = ? and mode = 'test'`,
      [shop],
    );
    expect(balance!.b).toBe('-62.50');
  });

  it('reads credit_ledger_list_idx in order (no sort), first page and later ones', async () => {
    // Many businesses, so that the planner has a real choice.
    await sql(
      `with u as (
         insert into users (id, email, created_at)
         select gen_random_uuid(), 'bulk-' || g || '@cairn.test', now() from generate_series(1, 500) g
         returning id
       ), b as (
         insert into businesses (id, user_id, name, created_at)
         select gen_random_uuid(), u.id, 'Bulk', now() from u
         returning id
       )
       insert into credit_ledger (id, business_id, mode, kind, amount_usd, payment_id, created_at)
       select gen_random_uuid(), b.id, m.mode, 'fee', -0.25, null, now() - g * interval '1 minute'
         from b, (values ('test'), ('live')) m(mode), generate_series(1, 40) g`,
    );
    await sql('analyze credit_ledger');
    const [bulk] = await sql<{ id: string }>(`select id from businesses where name = 'Bulk' limit 1`);
    const first = await list({ businessId: bulk!.id, mode: 'live', limit: 10 });

    const connection = orm.em.getConnection();
    const sent: { query: string; params: unknown[] }[] = [];
    const execute = connection.execute.bind(connection);
    connection.execute = (async (query: string, params: unknown[] = [], ...rest: unknown[]) => {
      sent.push({ query, params });
      // biome-ignore lint/suspicious/noExplicitAny: passing the rest through unchanged
      return (execute as any)(query, params, ...rest);
    }) as typeof connection.execute;
    try {
      await list({ businessId: bulk!.id, mode: 'live', limit: 10 });
      await list({ businessId: bulk!.id, mode: 'live', limit: 10, before: first.next! });
    } finally {
      connection.execute = execute;
    }
    expect(sent).toHaveLength(2);
    const plans: string[] = [];
    for (const { query, params } of sent) {
      const plan = (await execute<{ 'QUERY PLAN': string }[]>(`explain ${query}`, params))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Index Scan using credit_ledger_list_idx on credit_ledger/);
      expect(plan).not.toMatch(/Sort|Seq Scan/);
      plans.push(plan);
    }
    // A later page starts in the index at the cursor (an index condition, not a filter), and the
    // cursor's own entry is found by its primary key.
    expect(plans[1]).toMatch(/Index Cond: .*\(ROW\(created_at, id\) < ROW\(/);
    expect(plans[1]).toMatch(/Index Scan using credit_ledger_pkey on credit_ledger c/);
  });
});
