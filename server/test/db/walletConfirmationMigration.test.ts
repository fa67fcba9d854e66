import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/platform/db/createOrm.js';
import { useMigrationDatabase } from '../harness/useMigrationDatabase.js';

// Migration20261127110000_walletConfirmation on a database that already holds wallets: every wallet,
// test or live, in use or removed, is confirmed and usable from its creation (an upgrade locks no
// merchant out); down() drops the columns and the links.

const NAME = 'Migration20261127110000_walletConfirmation';

describe('migration 20261127110000_walletConfirmation', () => {
  const { orm, sql } = useMigrationDatabase();

  it('confirms the wallets that exist, from their creation, and undoes it on the way down', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    const before = names[names.indexOf(NAME) - 1]!;
    await orm().getMigrator().up({ to: before });

    const created = new Date('2026-11-01T08:00:00Z');
    const userId = randomUUID();
    const businessId = randomUUID();
    await sql('insert into users (id, email, created_at) values (?, ?, ?)', [
      userId,
      'old@shop.test',
      created,
    ]);
    await sql(
      `insert into businesses (id, user_id, name, underpayment_tolerance_bps, overpayment_threshold_bps, created_at)
       values (?, ?, 'Old Shop', 0, 0, ?)`,
      [businessId, userId, created],
    );
    const wallet = async (mode: string, chainId: string, removed: boolean) => {
      const id = randomUUID();
      await sql(
        `insert into wallets (id, business_id, mode, chain_id, value, kind, next_index, created_at, removed_at)
         values (?, ?, ?, ?, ?, 'p2wpkh', 0, ?, ?)`,
        [id, businessId, mode, chainId, randomUUID(), created, removed ? created : null],
      );
      return id;
    };
    const ids = [
      await wallet('live', 'BTC', false),
      await wallet('test', 'BTC_TESTNET', false),
      await wallet('live', 'LTC', true),
    ];

    await orm().getMigrator().up({ to: NAME });
    const rows = await sql<{ id: string; confirmed_at: Date; usable_from: Date }>(
      'select id, confirmed_at, usable_from from wallets',
    );
    expect(rows).toHaveLength(3);
    for (const id of ids) {
      const row = rows.find((r) => r.id === id)!;
      expect(new Date(row.confirmed_at)).toEqual(created);
      expect(new Date(row.usable_from)).toEqual(created);
    }
    expect(await sql('select * from wallet_confirmations')).toEqual([]);

    await orm().getMigrator().down({ to: before });
    const columns = await sql<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'wallets'",
    );
    expect(columns.map((c) => c.column_name)).not.toContain('confirmed_at');
    expect(columns.map((c) => c.column_name)).not.toContain('usable_from');
    const [table] = await sql<{ t: string | null }>("select to_regclass('wallet_confirmations')::text as t");
    expect(table!.t).toBeNull();
  });
});
