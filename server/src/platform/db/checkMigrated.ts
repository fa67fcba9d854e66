import type { MikroORM } from '@mikro-orm/postgresql';
import { StartupError } from '../runtime/StartupError.js';
import { MIGRATIONS } from './createOrm.js';

/**
 * Refuses (a {@link StartupError} naming `database` and the fix) a database that is not this gateway's
 * as `cairn start` or `cairn migrate` leaves it: no Cairn schema at all, migrations pending, or
 * migrations of a newer version. It reads only, so a command run against the wrong database changes
 * nothing there (MikroORM's migrator would create its table first).
 */
export async function checkMigrated(orm: MikroORM, database: string): Promise<void> {
  const connection = orm.em.getConnection();
  const [table] = await connection.execute<{ found: string | null }[]>(
    `select to_regclass('public.mikro_orm_migrations')::text as found`,
  );
  const fix =
    'Point CAIRN_DATA_DIR or DATABASE_URL at the database the gateway runs with, or migrate this one with `cairn migrate`.';
  if (!table?.found)
    throw new StartupError(`${database} holds no Cairn schema: this command changes no schema. ${fix}`);
  const executed = new Set(
    (await connection.execute<{ name: string }[]>('select name from mikro_orm_migrations')).map(
      (row) => row.name,
    ),
  );
  const known = new Set(MIGRATIONS.map((m) => m.name));
  const unknown = [...executed].filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new StartupError(
      `${database} was migrated by a newer version of Cairn (${unknown.join(', ')}), which this version does not know: run that version's command instead.`,
    );
  const pending = MIGRATIONS.filter((m) => !executed.has(m.name)).length;
  if (pending > 0)
    throw new StartupError(
      `${database} is not migrated (${pending} of ${MIGRATIONS.length} migrations pending): this command changes no schema. ${fix}`,
    );
}
