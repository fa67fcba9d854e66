import { describe, expect, it } from 'vitest';
import { serializeError, withoutSqlValues } from './serializeError.js';

// A database error as node-postgres builds it from PostgreSQL's ErrorResponse, its message prefixed
// by knex with the statement, values inlined (what MikroORM's connection throws).
const databaseError = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), { name: 'error', severity: 'ERROR', ...fields });

describe('withoutSqlValues', () => {
  it('replaces string and number literals and keeps the statement’s shape', () => {
    expect(
      withoutSqlValues(
        "select id from users where lower(email) = lower('ada\u0000@shop.test') and n > 42 limit 1 - invalid message format",
      ),
    ).toBe('select id from users where lower(email) = lower(?) and n > ? limit ? - invalid message format');
    expect(withoutSqlValues("insert into t (a, b_2) values ('it''s', E'x\\\\y', -1.5e3)")).toBe(
      'insert into t (a, b_2) values (?, ?, ?)',
    );
    expect(withoutSqlValues('select $$secret$$, $t$ also $t$ from x where y = $1')).toBe(
      'select ?, ? from x where y = $1',
    );
    expect(withoutSqlValues('invalid input syntax for type uuid: "pk_test_abc"')).toBe(
      'invalid input syntax for type uuid: "?"',
    );
    expect(withoutSqlValues('invalid byte sequence for encoding "UTF8": 0x00')).toBe(
      'invalid byte sequence for encoding "UTF8": 0x00',
    );
  });
});

describe('serializeError', () => {
  it('logs a database error with its SQLSTATE and the statement’s shape, without values or detail', () => {
    const error = databaseError(
      "insert into api_keys (key_hash, label) values ('9f86d081884c7d659a2feaa0c55ad015', 'Shop') - duplicate key value violates unique constraint \"api_keys_hash_key\"",
      {
        code: '23505',
        detail: 'Key (key_hash)=(9f86d081884c7d659a2feaa0c55ad015) already exists.',
        constraint: 'api_keys_hash_key',
        table: 'api_keys',
        routine: '_bt_check_unique',
      },
    );
    const logged = serializeError(error) as Record<string, unknown>;
    const text = JSON.stringify(logged);
    expect(text).not.toContain('9f86d081884c7d659a2feaa0c55ad015');
    expect(text).not.toContain('Shop');
    expect(logged).toMatchObject({
      message:
        'insert into api_keys (key_hash, label) values (?, ?) - duplicate key value violates unique constraint "api_keys_hash_key"',
      code: '23505',
      constraint: 'api_keys_hash_key',
      table: 'api_keys',
      routine: '_bt_check_unique',
    });
    expect(logged.detail).toBeUndefined();
    // The stack keeps its frames (with their line numbers) and loses the values in its message line.
    expect(logged.stack).toMatch(/^error: insert into api_keys \(key_hash, label\) values \(\?, \?\) - /);
    expect(logged.stack).toMatch(/\n\s+at .+:\d+:\d+/);
  });

  it('scrubs a database error wrapped as the cause of another', () => {
    const cause = databaseError("select 1 from users where email = 'ada@shop.test' - boom", {
      code: 'XX000',
    });
    const logged = JSON.stringify(serializeError(new Error('signing in failed', { cause })));
    expect(logged).not.toContain('ada@shop.test');
    expect(logged).toContain('select ? from users where email = ? - boom');
  });

  it('leaves other errors as pino logs them', () => {
    const error = Object.assign(new Error("Cannot read properties of undefined (reading 'id') at 42"), {
      code: 'ERR_X',
      detail: 'kept',
    });
    expect(serializeError(error)).toMatchObject({
      type: 'Error',
      message: "Cannot read properties of undefined (reading 'id') at 42",
      code: 'ERR_X',
      detail: 'kept',
    });
  });
});
