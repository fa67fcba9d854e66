import type { MikroORM } from '@mikro-orm/postgresql';
import { DATABASE_TIMEOUTS } from './databaseTimeouts.js';
import { databaseUnavailableReason } from './databaseUnavailableReason.js';

/**
 * The database line of `/readyz`: `ok` when `select 1` answers through the ORM's pool within
 * `timeoutMs`, otherwise `down: <why>` (refused, terminated, starting up, no answer within the time,
 * ...). Never waits longer than `timeoutMs`, even while the pool cannot connect: the probe's query
 * may still finish later, within the pool's own timeouts.
 */
export async function checkDatabase(
  orm: MikroORM,
  timeoutMs: number = DATABASE_TIMEOUTS.readinessMs,
): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`down: no answer within ${timeoutMs} ms`), timeoutMs);
  });
  const probe = orm.em
    .fork()
    .getConnection()
    .execute('select 1')
    .then(
      () => 'ok',
      (error: unknown) => {
        const reason = databaseUnavailableReason(error);
        return `down: ${reason ?? (error instanceof Error ? error.message : String(error))}`;
      },
    );
  try {
    return await Promise.race([probe, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
