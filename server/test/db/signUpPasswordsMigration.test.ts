import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/platform/db/createOrm.js';
import { useMigrationDatabase } from '../harness/useMigrationDatabase.js';

// Migration20261127015000_signUpPasswords on a database that already holds logins: an unconfirmed
// login's password moves onto its open confirmation links; a confirmed login keeps its own; down()
// puts the latest link's password back on the login.

const NAME = 'Migration20261127015000_signUpPasswords';

describe('migration 20261127015000_signUpPasswords', () => {
  const { orm, sql } = useMigrationDatabase();

  it('moves unconfirmed passwords onto their open links, and back on the way down', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    const before = names[names.indexOf(NAME) - 1]!;
    await orm().getMigrator().up({ to: before });

    const now = new Date();
    const user = async (email: string, verified: boolean) => {
      const id = randomUUID();
      await sql(
        'insert into users (id, email, password_hash, email_verified_at, created_at) values (?, ?, ?, ?, ?)',
        [id, email, `hash-of-${email}`, verified ? now : null, now],
      );
      return id;
    };
    const token = async (userId: string, used: boolean) => {
      const id = randomUUID();
      await sql(
        `insert into email_tokens (id, user_id, purpose, token_hash, expires_at, used_at, created_at)
         values (?, ?, 'verify_email', ?, ?, ?, ?)`,
        [id, userId, randomUUID(), new Date(now.getTime() + 3_600_000), used ? now : null, now],
      );
      return id;
    };
    const pending = await user('pending@shop.test', false);
    const confirmed = await user('confirmed@shop.test', true);
    const open = await token(pending, false);
    const spent = await token(confirmed, true);

    await orm().getMigrator().up({ to: NAME });
    const users = await sql<{ id: string; password_hash: string | null }>(
      'select id, password_hash from users',
    );
    expect(users.find((u) => u.id === pending)?.password_hash).toBeNull();
    expect(users.find((u) => u.id === confirmed)?.password_hash).toBe('hash-of-confirmed@shop.test');
    const tokens = await sql<{ id: string; password_hash: string | null }>(
      'select id, password_hash from email_tokens',
    );
    expect(tokens.find((t) => t.id === open)?.password_hash).toBe('hash-of-pending@shop.test');
    expect(tokens.find((t) => t.id === spent)?.password_hash).toBeNull();
    // The row written for an address without a login.
    await sql(
      `insert into email_tokens (id, user_id, purpose, token_hash, expires_at, used_at, created_at)
       values (?, null, 'reset_password', ?, ?, ?, ?)`,
      [randomUUID(), randomUUID(), now, now, now],
    );

    await orm().getMigrator().down({ to: before });
    const back = await sql<{ id: string; password_hash: string | null }>(
      'select id, password_hash from users',
    );
    expect(back.find((u) => u.id === pending)?.password_hash).toBe('hash-of-pending@shop.test');
    expect(back.find((u) => u.id === confirmed)?.password_hash).toBe('hash-of-confirmed@shop.test');
    const [left] = await sql<{ n: number }>('select count(*)::int as n from email_tokens');
    expect(left?.n).toBe(2);
  });
});
