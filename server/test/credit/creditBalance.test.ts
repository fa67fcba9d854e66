import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import type { Mode } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { isExhausted } from '../../src/domain/credit/isExhausted.js';
import { loadCreditBalance } from '../../src/domain/credit/loadCreditBalance.js';
import { creditBalanceOf, topUpCredit } from '../../src/domain/credit/topUpCredit.js';
import { insertPayment } from '../../src/domain/payments/insertPayment.js';
import { addWallet } from '../../src/domain/wallets/addWallet.js';
import { createOrm } from '../../src/platform/db/createOrm.js';
import type { IPayment } from '../../src/platform/db/entities/index.js';
import {
  awaitingPayment,
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  ledgerOf,
  newKey,
  observe,
  sql,
  validBody,
} from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// The Prepaid Credit balance is kept in credit_balances by a trigger on the ledger
// (Migration20261125020000_creditBalances). These pin that every reader (loadCreditBalance,
// creditBalanceOf, the insert of create-payment) sees exactly the ledger's sum whoever appended to
// it, concurrent appends included, and that the read is one primary-key lookup.

let test: TestGateway;
let client: Client;

beforeAll(async () => {
  test = await startTestGateway();
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

const gateway = () => test.running.gateway;
/** The test database (startTestGateway always sets it). */
const databaseUrl = () => gateway().config.DATABASE_URL!;

/** The ledger's own sum, as the balance was computed before it was maintained. */
async function ledgerSum(businessId: string, mode: Mode): Promise<string> {
  const [row] = await sql<{ b: string }>(
    test,
    'select coalesce(sum(amount_usd), 0)::text as b from credit_ledger where business_id = ? and mode = ?',
    [businessId, mode],
  );
  return row!.b;
}

/** Asserts that both balance readers and the ledger's sum all say `expected` (the same text). */
async function expectBalance(businessId: string, mode: Mode, expected: string): Promise<void> {
  expect({
    loadCreditBalance: await loadCreditBalance(gateway().orm, businessId, mode),
    creditBalanceOf: await creditBalanceOf(gateway().orm.em.fork(), businessId, mode),
    ledger: await ledgerSum(businessId, mode),
  }).toEqual({ loadCreditBalance: expected, creditBalanceOf: expected, ledger: expected });
}

const adjust = (businessId: string, mode: Mode, amount: string) =>
  sql(test, 'insert into credit_ledger values (?, ?, ?, ?, ?::numeric, null, now())', [
    randomUUID(),
    businessId,
    mode,
    'adjustment',
    amount,
  ]);

/** A second business of the seeded login: no signup grant, so no ledger entry and no balance row. */
async function businessWithoutCredit(): Promise<{ businessId: string; client: Client }> {
  const em = gateway().orm.em.fork();
  const [owner] = await sql<{ user_id: string }>(test, 'select user_id from businesses where id = ?', [
    test.businessId,
  ]);
  const business = await createBusiness(em, gateway().clock, {
    userId: owner!.user_id,
    name: `No credit ${randomUUID().slice(0, 8)}`,
    grants: { testUsd: '100', liveUsd: '50' },
  });
  await addWallet(em, gateway().clock, gateway().chains, {
    businessId: business.id,
    chainId: 'BTC_TESTNET',
    value: deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC_TESTNET', 'p2wpkh'),
  });
  const { key } = await newKey(test, { businessId: business.id });
  return { businessId: business.id, client: clientFor(test.baseUrl, key) };
}

describe('the maintained balance', () => {
  it('equals the ledger sum after the grant, top-ups, a fee, its reversal and raw-SQL adjustments', async () => {
    const id = test.businessId;
    // dev:seed's signup grant, in both modes.
    await expectBalance(id, 'test', '100');
    await expectBalance(id, 'live', '50');

    const topUp = await topUpCredit(gateway().orm.em.fork(), gateway().clock, {
      businessId: id,
      mode: 'test',
      amountUsd: '12.345678',
    });
    expect(topUp).toBe('112.345678');
    await expectBalance(id, 'test', '112.345678');

    // A confirmed payment is charged its fee (1 % of 25 USD); a reorg before the window closes
    // reverses it. Both entries are written by applyDecision inside the lifecycle's transaction.
    const checkout = await awaitingPayment(client);
    const txId = await observe(test, checkout.payment_id, { depth: 2 });
    await expectBalance(id, 'test', '112.095678');
    await observe(test, checkout.payment_id, { depth: 2, txId, removed: true });
    expect((await ledgerOf(test, checkout.payment_id)).map((r) => r.kind).sort()).toEqual([
      'fee',
      'fee_reversal',
    ]);
    await expectBalance(id, 'test', '112.345678');

    // An operator's adjustments in plain SQL, in both directions and to the micro-dollar.
    await adjust(id, 'test', '-112.345677');
    await expectBalance(id, 'test', '0.000001');
    await adjust(id, 'test', '-0.000001');
    await expectBalance(id, 'test', '0.000000');
    expect(isExhausted(await loadCreditBalance(gateway().orm, id, 'test'))).toBe(true);
    await adjust(id, 'test', '100');
    await expectBalance(id, 'test', '100.000000');
    // The other mode's reserve never moved.
    await expectBalance(id, 'live', '50');

    const [row] = await sql<{ updated_at: Date; latest: Date }>(
      test,
      `select b.updated_at, (select max(created_at) from credit_ledger l
          where l.business_id = b.business_id and l.mode = b.mode) as latest
         from credit_balances b where business_id = ? and mode = 'test'`,
      [id],
    );
    expect(row!.updated_at).toEqual(row!.latest);
  });

  it('is 0 without a row; create-payment refuses such a reserve and any at or below 0 (402)', async () => {
    const { businessId, client: noCredit } = await businessWithoutCredit();
    expect(await sql(test, 'select 1 from credit_balances where business_id = ?', [businessId])).toEqual([]);
    await expectBalance(businessId, 'test', '0');
    expectError(await noCredit.post('/payments', validBody()), 'INSUFFICIENT_CREDIT');
    // The refusal that reads the balance first (COIN_NOT_OFFERED with credit) says 402 as well.
    const notOffered = validBody({ accepted_tokens: ['ETH_SEPOLIA:USDC'], restrict_to_accepted: true });
    expectError(await noCredit.post('/payments', notOffered), 'INSUFFICIENT_CREDIT');

    await topUpCredit(gateway().orm.em.fork(), gateway().clock, {
      businessId,
      mode: 'test',
      amountUsd: '0.000001',
    });
    await expectBalance(businessId, 'test', '0.000001');
    expect((await noCredit.post('/payments', validBody())).status).toBe(201);
    expectError(await noCredit.post('/payments', notOffered), 'COIN_NOT_OFFERED');

    await adjust(businessId, 'test', '-0.000001');
    await expectBalance(businessId, 'test', '0.000000');
    expectError(await noCredit.post('/payments', validBody()), 'INSUFFICIENT_CREDIT');
    await adjust(businessId, 'test', '-5');
    await expectBalance(businessId, 'test', '-5.000000');
    expectError(await noCredit.post('/payments', validBody()), 'INSUFFICIENT_CREDIT');
    await adjust(businessId, 'test', '5.01');
    expect((await createPaymentVia(noCredit)).status).toBe('pending');
    // Test-mode credit is not live-mode credit.
    await expectBalance(businessId, 'live', '0');
  });
});

describe('concurrent appends', () => {
  it('20 top-ups committed at once on separate connections add up exactly', async () => {
    // A business with no balance row yet: the first appends race to insert it (the upsert's
    // conflict path), the rest to update it.
    const { businessId } = await businessWithoutCredit();
    const clients = Array.from({ length: 20 }, () => new pg.Client({ connectionString: databaseUrl() }));
    try {
      await Promise.all(clients.map((c) => c.connect()));
      // Every transaction is open before any appends, so the appends overlap.
      await Promise.all(clients.map((c) => c.query('begin')));
      await Promise.all(
        clients.map(async (c, i) => {
          const n = i + 1;
          await c.query(
            `insert into credit_ledger values ($1, $2, 'test', 'top_up', $3::numeric, null, now())`,
            [randomUUID(), businessId, `${n}.${String(n).padStart(2, '0')}`],
          );
          await c.query('commit');
        }),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    // 1.01 + 2.02 + ... + 20.20 = 210 * 1.01
    await expectBalance(businessId, 'test', '212.10');

    // And through the service, on the gateway's pool (10 connections).
    const topUps = await Promise.all(
      Array.from({ length: 20 }, () =>
        topUpCredit(gateway().orm.em.fork(), gateway().clock, {
          businessId,
          mode: 'test',
          amountUsd: '0.000001',
        }),
      ),
    );
    // Each top-up returns a balance that includes its own entry; the last committed sees them all.
    expect(topUps).toContain('212.100020');
    await expectBalance(businessId, 'test', '212.100020');
  });
});

describe('the balance read', () => {
  let orm: MikroORM;
  const businessIds: string[] = [];

  beforeAll(async () => {
    // Enough businesses that only an index makes sense to the planner, each with a ledger the old
    // sum would have read whole.
    await sql(
      test,
      `with u as (
         insert into users (id, email, created_at)
         select gen_random_uuid(), 'bulk-' || g || '@cairn.test', now() from generate_series(1, 1000) g
         returning id
       ), b as (
         insert into businesses (id, user_id, name, created_at)
         select gen_random_uuid(), u.id, 'Bulk', now() from u
         returning id
       )
       insert into credit_ledger (id, business_id, mode, kind, amount_usd, payment_id, created_at)
       select gen_random_uuid(), b.id, m.mode, 'adjustment', 0.25, null, now()
         from b, (values ('test'), ('live')) m(mode), generate_series(1, 10)`,
    );
    await sql(test, 'analyze credit_balances');
    await sql(test, 'analyze credit_ledger');
    const rows = await sql<{ id: string }>(test, `select id from businesses where name = 'Bulk' limit 2`);
    businessIds.push(...rows.map((r) => r.id));
    // One connection, so the named statements prepared by the calls below are on it for EXPLAIN.
    orm = await createOrm(databaseUrl(), { poolMax: 1 });
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  const explain = async (statement: string) =>
    (await orm.em.getConnection().execute<{ 'QUERY PLAN': string }[]>(`explain ${statement}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');

  it('loadCreditBalance is an Index Scan on credit_balances_pkey and reads no ledger', async () => {
    const [id] = businessIds;
    expect(await loadCreditBalance(orm, id!, 'live')).toBe('2.50');
    const plan = await explain(`execute cairn_credit_balance('${id}', 'live')`);
    expect(plan).toMatch(/Index Scan using credit_balances_pkey on credit_balances/);
    expect(plan).not.toMatch(/credit_ledger/);
  });

  it("create-payment's insert reads the reserve the same way", async () => {
    const [id] = businessIds;
    const now = new Date();
    const payment = {
      id: randomUUID(),
      businessId: id,
      apiKeyId: randomUUID(),
      mode: 'test',
      status: 'pending',
      fiatAmount: '1',
      fiatCurrency: 'USD',
      acceptedChains: [],
      acceptedCoins: [],
      acceptedTokens: [],
      restrictToAccepted: false,
      underpaymentToleranceBps: 50,
      overpaymentThresholdBps: 100,
      feeUsd: '0.01',
      expiresAt: now,
      lateGraceEndsAt: now,
      createdAt: now,
      updatedAt: now,
    } as unknown as IPayment;
    // No such key: nothing is inserted, but the statement is prepared on the connection.
    expect(
      await insertPayment(orm, payment, [], {
        keyHash: 'none',
        allowedTokens: [],
        allowedIps: [],
        walletChainIds: [],
      }),
    ).toBe('caller_changed');
    const [prepared] = await orm.em
      .getConnection()
      .execute<{ n: number }[]>(
        `select cardinality(parameter_types) as n from pg_prepared_statements where name = 'cairn_insert_payment'`,
      );
    const args = Array.from({ length: prepared!.n }, (_, i) =>
      i === 1 ? `'${id}'` : i === 3 ? `'test'` : 'null',
    );
    const plan = await explain(`execute cairn_insert_payment(${args.join(', ')})`);
    expect(plan).toMatch(/Index Scan using credit_balances_pkey on credit_balances/);
    expect(plan).not.toMatch(/credit_ledger/);
  });

  it('creditBalanceOf (the CLI and top-ups) reads it the same way', async () => {
    const [, id] = businessIds;
    const connection = orm.em.getConnection();
    const sent: { query: string; params: unknown[] }[] = [];
    const execute = connection.execute.bind(connection);
    connection.execute = (async (query: string, params: unknown[] = [], ...rest: unknown[]) => {
      sent.push({ query, params });
      // biome-ignore lint/suspicious/noExplicitAny: passing the rest through unchanged
      return (execute as any)(query, params, ...rest);
    }) as typeof connection.execute;
    let balance: string;
    try {
      balance = await creditBalanceOf(orm.em.fork(), id!, 'test');
    } finally {
      connection.execute = execute;
    }
    expect(balance).toBe('2.50');
    expect(sent).toHaveLength(1);
    const plan = (
      await connection.execute<{ 'QUERY PLAN': string }[]>(`explain ${sent[0]!.query}`, sent[0]!.params)
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Scan using credit_balances_pkey on credit_balances/);
    expect(plan).not.toMatch(/credit_ledger/);
  });
});
