import { PAYMENT_EVENT_NAMES } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../src/platform/db/createOrm.js';
import { useMigrationDatabase } from '../harness/useMigrationDatabase.js';

// Migration20261127150000_strayFunds on a database with endpoints: those subscribed to every payment
// event get the two stray-funds events; those that chose their events keep their choice. down() drops
// the table and takes the events off again.

const BEFORE = 'Migration20261127140000_chainResets';

describe('migration 20261127150000_strayFunds', () => {
  const { orm, sql, insertWebhookEndpoint } = useMigrationDatabase();

  it('subscribes default endpoints to stray_funds.found and .resolved, and down() undoes it', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('Migration20261127150000_strayFunds')).toBe(names.indexOf(BEFORE) + 1);
    await orm().getMigrator().up({ to: BEFORE });
    await sql('set session_replication_role = replica');
    const every = await insertWebhookEndpoint(PAYMENT_EVENT_NAMES);
    const chosen = await insertWebhookEndpoint(['payment.confirmed']);
    await sql('set session_replication_role = origin');

    expect(await migrate(orm())).toContain('Migration20261127150000_strayFunds');
    const events = async (id: string) =>
      (await sql<{ events: string[] }>('select events from webhook_endpoints where id = ?', [id]))[0]!.events;
    expect(await events(every)).toEqual([
      ...PAYMENT_EVENT_NAMES,
      'stray_funds.found',
      'stray_funds.resolved',
    ]);
    expect(await events(chosen)).toEqual(['payment.confirmed']);
    const table = async () =>
      (
        await sql<{ n: string }>("select count(*)::text as n from pg_tables where tablename = 'stray_funds'")
      )[0]!.n;
    expect(await table()).toBe('1');

    await orm().getMigrator().down({ to: 'Migration20261127150000_strayFunds' });
    expect(await events(every)).toEqual([...PAYMENT_EVENT_NAMES]);
    expect(await table()).toBe('0');
    await migrate(orm());
    expect(await events(every)).toEqual([
      ...PAYMENT_EVENT_NAMES,
      'stray_funds.found',
      'stray_funds.resolved',
    ]);
  });
});
