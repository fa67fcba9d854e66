import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm } from '../../src/platform/db/createOrm.js';
import { databaseUnavailableReason } from '../../src/platform/db/databaseUnavailableReason.js';
import { Payment } from '../../src/platform/db/entities/index.js';
import { queryPrepared } from '../../src/platform/db/queryPrepared.js';
import { ApiError } from '../../src/platform/runtime/ApiError.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { freePort } from '../harness/freePort.js';
import { type BlackholeProxy, startBlackholeProxy } from './startBlackholeProxy.js';

/** The rejection of `run`, which must fail. */
async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

// Every error here is a real one, produced by the driver stack the gateway uses (node-postgres, knex
// and tarn under MikroORM) against a real server, except the few states no test can cheaply cause
// (a server starting up) and the wrappers (cause chains, AggregateError).
describe('databaseUnavailableReason', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await createOrm(database.url);
  });
  afterAll(async () => {
    await orm.close(true);
    await database.drop();
  });

  it('names a refused connection, raw and through the ORM', async () => {
    const url = new URL(database.url);
    url.port = String(await freePort());
    const client = new pg.Client({ connectionString: url.toString() });
    const raw = await failureOf(() => client.connect());
    expect(databaseUnavailableReason(raw)).toBe('connection refused (ECONNREFUSED)');

    const proxy = await startBlackholeProxy({
      host: new URL(database.url).hostname,
      port: Number(new URL(database.url).port),
    });
    const viaProxy = await createOrm(proxy.via(database.url));
    try {
      await viaProxy.em.fork().getConnection().execute('select 1');
      proxy.blackhole();
      await proxy.close();
      // The pooled connection was cut: the next query finds it ended; after that, connects are refused.
      const lost = await failureOf(() => viaProxy.em.fork().getConnection().execute('select 1'));
      expect(databaseUnavailableReason(lost)).toBe('connection lost');
      // MikroORM wraps the driver's error in a DriverException that keeps its code.
      const wrapped = await failureOf(() => viaProxy.em.fork().find(Payment, {}));
      expect((wrapped as Error).name).toBe('DriverException');
      expect(databaseUnavailableReason(wrapped)).toBe('connection refused (ECONNREFUSED)');
      const execute = await failureOf(() => viaProxy.em.fork().getConnection().execute('select 1'));
      expect(databaseUnavailableReason(execute)).toBe('connection refused (ECONNREFUSED)');
    } finally {
      await viaProxy.close(true);
    }
  });

  it('names a connection terminated by an administrator (57P01), raw, prepared and through knex', async () => {
    const victim = new pg.Client({ connectionString: database.url });
    await victim.connect();
    victim.on('error', () => {});
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const running = failureOf(() => victim.query('select pg_sleep(10)'));
      const ormRunning = failureOf(() => orm.em.fork().getConnection().execute('select pg_sleep(10)'));
      const preparedRunning = failureOf(() =>
        queryPrepared(orm, { name: 'test_sleep', text: 'select pg_sleep(10)' }, []),
      );
      // Wait until all three sleep, then terminate them.
      for (let i = 0; i < 200; i++) {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(10)%' and datname = current_database()`,
        );
        if (rows[0].n >= 3) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like 'select pg_sleep(10)%' and datname = current_database()`,
      );
      const reason = 'the server terminated the connection (57P01 admin_shutdown)';
      expect(databaseUnavailableReason(await running)).toBe(reason);
      const viaKnex = (await ormRunning) as Error;
      expect(viaKnex.message).toMatch(/^select pg_sleep\(10\) - terminating connection/);
      expect(databaseUnavailableReason(viaKnex)).toBe(reason);
      expect(databaseUnavailableReason(await preparedRunning)).toBe(reason);
    } finally {
      await admin.end();
      await victim.end().catch(() => {});
    }
  });

  it('names too many connections (53300)', async () => {
    const role = `cairn_limit_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login password 'limit-test' connection limit 0`);
      const url = new URL(database.url);
      url.username = role;
      url.password = 'limit-test';
      const error = await failureOf(() => new pg.Client({ connectionString: url.toString() }).connect());
      expect(databaseUnavailableReason(error)).toBe('too many connections (53300 too_many_connections)');
    } finally {
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  });

  describe('a database that stops answering (black hole)', () => {
    let proxy: BlackholeProxy;
    let viaProxy: MikroORM;
    beforeAll(async () => {
      const target = new URL(database.url);
      proxy = await startBlackholeProxy({ host: target.hostname, port: Number(target.port) });
      viaProxy = await createOrm(proxy.via(database.url));
      await viaProxy.em.fork().getConnection().execute('select 1');
      proxy.blackhole();
    });
    afterAll(async () => {
      proxy.heal();
      await viaProxy.close(true);
      await proxy.close();
    });

    it('names a lost connection and the connect and acquire timeouts, within the timeouts', async () => {
      // The pooled connection was cut: its next query finds it ended.
      const lost = await failureOf(() => viaProxy.em.fork().getConnection().execute('select 1'));
      expect((lost as Error).message).toBe('select 1 - Connection terminated unexpectedly');
      expect(databaseUnavailableReason(lost)).toBe('connection lost');

      const started = Date.now();
      const [acquire, wrappedAcquire, connect] = await Promise.all([
        failureOf(() => queryPrepared(viaProxy, { name: 'test_one', text: 'select 1' }, [])),
        failureOf(() => viaProxy.em.fork().find(Payment, {})),
        failureOf(() =>
          new pg.Client({
            connectionString: proxy.via(database.url),
            connectionTimeoutMillis: 300,
          }).connect(),
        ),
      ]);
      // createOrm's pool gives up after its connect and acquire timeouts (3 s and 5 s), not knex's 60 s.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect((acquire as Error).name).toBe('KnexTimeoutError');
      expect(databaseUnavailableReason(acquire)).toBe('no pooled connection within the acquire timeout');
      // MikroORM re-wraps knex's timeout: the class is gone, the message stays.
      expect((wrappedAcquire as Error).name).toBe('DriverException');
      expect(databaseUnavailableReason(wrappedAcquire)).toBe(
        'no pooled connection within the acquire timeout',
      );
      expect(databaseUnavailableReason(connect)).toBe('connect timed out');
    });
  });

  it('looks through cause chains and AggregateError', async () => {
    const url = new URL(database.url);
    url.port = String(await freePort());
    const refused = await failureOf(() => new pg.Client({ connectionString: url.toString() }).connect());
    expect(databaseUnavailableReason(new Error('creating the payment failed', { cause: refused }))).toBe(
      'connection refused (ECONNREFUSED)',
    );
    expect(databaseUnavailableReason(new AggregateError([new Error('other'), refused], ''))).toBe(
      'connection refused (ECONNREFUSED)',
    );
  });

  it('names the shutdown and start-up states by SQLSTATE', () => {
    // pg's own error class, as it parses a server's ErrorResponse (no test here can hold a server in
    // its start-up or crash state).
    const serverError = (code: string, message: string) =>
      Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });
    expect(databaseUnavailableReason(serverError('57P03', 'the database system is starting up'))).toMatch(
      /57P03/,
    );
    expect(
      databaseUnavailableReason(serverError('57P02', 'terminating connection because of crash')),
    ).toMatch(/57P02/);
    expect(databaseUnavailableReason(serverError('08006', 'connection failure'))).toBe(
      'connection exception (08006)',
    );
    for (const code of ['08000', '08001', '08003', '08004', '57P01'])
      expect(databaseUnavailableReason(serverError(code, 'lost')), code).toMatch(code);
  });

  it('does not count a protocol violation (08P01) as an outage: the connection works', async () => {
    // A NUL in a value knex inlines into the statement: PostgreSQL refuses the message, 08P01.
    const violation = await failureOf(() =>
      orm.em.fork().getConnection().execute('select ? as text', ['ada\u0000@shop.test']),
    );
    expect((violation as { code?: string }).code).toBe('08P01');
    expect(databaseUnavailableReason(violation)).toBeUndefined();
    expect(databaseUnavailableReason(new Error('wrapped', { cause: violation }))).toBeUndefined();
    // The same connection pool answers the next statement.
    expect(await orm.em.fork().getConnection().execute('select 1 as one')).toEqual([{ one: 1 }]);
    const serverError = (code: string) => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
    expect(databaseUnavailableReason(serverError('08P01'))).toBeUndefined();
    expect(databaseUnavailableReason(serverError('08007'))).toBeUndefined();
  });

  it('leaves every other error alone (a 500)', async () => {
    const conflict = await failureOf(async () => {
      const connection = orm.em.fork().getConnection();
      await connection.execute('create table if not exists unavailable_test (id int primary key)');
      await connection.execute('insert into unavailable_test values (1), (1)');
    });
    expect((conflict as { code?: string }).code).toBe('23505');
    expect(databaseUnavailableReason(conflict)).toBeUndefined();
    const syntax = await failureOf(() => orm.em.fork().getConnection().execute('selec 1'));
    expect(databaseUnavailableReason(syntax)).toBeUndefined();
    const missing = await failureOf(() =>
      orm.em.fork().getConnection().execute('select * from no_such_table'),
    );
    expect(databaseUnavailableReason(missing)).toBeUndefined();
    // Only the codeless driver messages themselves count, not text that mentions them.
    expect(databaseUnavailableReason(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBeUndefined();
    expect(
      databaseUnavailableReason(new Error('Connection terminated unexpectedly, he said')),
    ).toBeUndefined();
    expect(
      databaseUnavailableReason(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(undefined);
    expect(databaseUnavailableReason(new ApiError('INTERNAL_ERROR', 'boom'))).toBeUndefined();
    expect(
      databaseUnavailableReason(Object.assign(new Error('file'), { code: 'ENOENT', syscall: 'open' })),
    ).toBe(undefined);
    expect(databaseUnavailableReason('ECONNREFUSED')).toBeUndefined();
    expect(databaseUnavailableReason(undefined)).toBeUndefined();
    const cyclic: { cause?: unknown; message: string } = { message: 'x' };
    cyclic.cause = cyclic;
    expect(databaseUnavailableReason(cyclic)).toBeUndefined();
  });
});
