import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/platform/db/createOrm.js';
import { useMigrationDatabase } from '../harness/useMigrationDatabase.js';

// Migration20261127100000_securityAlerts: lock links become a kind of email token, logins can be
// locked, and known devices have a table; down() removes the lock links first so that the old check
// holds again.

const NAME = 'Migration20261127100000_securityAlerts';

describe('migration 20261127100000_securityAlerts', () => {
  const { orm, sql } = useMigrationDatabase();

  it('adds lock links, the lock and known devices, and takes them away again', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    await orm()
      .getMigrator()
      .up({ to: names[names.indexOf(NAME) - 1]! });
    const now = new Date();
    const userId = randomUUID();
    await sql('insert into users (id, email, email_verified_at, created_at) values (?, ?, ?, ?)', [
      userId,
      'owner@shop.test',
      now,
      now,
    ]);
    const token = (purpose: string) =>
      sql(
        `insert into email_tokens (id, user_id, purpose, token_hash, expires_at, created_at)
         values (?, ?, ?, ?, ?, ?)`,
        [randomUUID(), userId, purpose, randomUUID(), now, now],
      );
    await expect(token('lock_account')).rejects.toThrow();

    await orm().getMigrator().up({ to: NAME });
    await token('lock_account');
    await token('reset_password');
    await sql('update users set locked_at = ? where id = ?', [now, userId]);
    await sql('insert into sign_in_known_devices (user_id, device, last_at) values (?, ?, ?)', [
      userId,
      'Firefox on Linux',
      now,
    ]);

    await orm()
      .getMigrator()
      .down({ to: names[names.indexOf(NAME) - 1]! });
    const purposes = await sql<{ purpose: string }>('select purpose from email_tokens');
    expect(purposes.map((p) => p.purpose)).toEqual(['reset_password']);
    await expect(token('lock_account')).rejects.toThrow();
    await orm().getMigrator().up();
  });
});
