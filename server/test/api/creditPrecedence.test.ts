import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../../src/domain/payments/createPayment.js';
import { ApiKey } from '../../src/platform/db/entities/index.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  otherBusiness,
  sql,
  validBody,
} from './apiHelpers.js';

// Create-payment checks the Prepaid Credit reserve inside its insert statement (no read before it).
// These pin what that must keep: an exhausted reserve is 402 INSUFFICIENT_CREDIT even where the request
// would otherwise be refused for its chains or rates (as when the reserve was checked first), nothing
// is stored, and a payment created without a key's business read (a caller-built AuthContext) works.

let test: TestGateway;
let client: Client;

const countPayments = async () =>
  Number((await sql<{ n: string }>(test, 'select count(*)::text as n from payments'))[0]!.n);

/** Runs `body` with the business's test-mode reserve at exactly zero, then restores it. */
async function withExhaustedReserve(businessId: string, body: () => Promise<void>): Promise<void> {
  const [balance] = await sql<{ b: string }>(
    test,
    `select sum(amount_usd)::text as b from credit_ledger where business_id = ? and mode = 'test'`,
    [businessId],
  );
  const insert = (amount: string) =>
    sql(test, `insert into credit_ledger values (?, ?, 'test', 'adjustment', ?::numeric, null, now())`, [
      randomUUID(),
      businessId,
      amount,
    ]);
  await insert(`-${balance!.b}`);
  try {
    await body();
  } finally {
    await insert(balance!.b!);
  }
}

beforeAll(async () => {
  test = await startTestGateway();
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

describe('an exhausted reserve', () => {
  it('is 402 before COIN_NOT_OFFERED, CHAIN_UNAVAILABLE and CURRENCY_NOT_SUPPORTED, and stores nothing', async () => {
    // A business whose key's only chain has lost its wallet: no option at all.
    const other = await otherBusiness(test);
    await sql(test, 'delete from wallets where business_id = ?', [other.businessId]);
    const noChain = clientFor(test.baseUrl, other.key);
    // With credit, each of these is its own refusal.
    const notOffered = validBody({ accepted_tokens: ['ETH_SEPOLIA:USDC'], restrict_to_accepted: true });
    const unpriced = validBody({ fiat_currency: 'ISK', fiat_amount: '1000' });
    expectError(await client.post('/payments', notOffered), 'COIN_NOT_OFFERED');
    expectError(await noChain.post('/payments', validBody()), 'CHAIN_UNAVAILABLE');
    expectError(await client.post('/payments', unpriced), 'CURRENCY_NOT_SUPPORTED');

    const before = await countPayments();
    await withExhaustedReserve(other.businessId, async () => {
      expectError(await noChain.post('/payments', validBody()), 'INSUFFICIENT_CREDIT');
    });
    await withExhaustedReserve(test.businessId, async () => {
      expectError(await client.post('/payments', validBody()), 'INSUFFICIENT_CREDIT');
      expectError(await client.post('/payments', notOffered), 'INSUFFICIENT_CREDIT');
      expectError(await client.post('/payments', unpriced), 'INSUFFICIENT_CREDIT');
      // Checked before the reserve, as before: a malformed request says so.
      expectError(
        await client.post('/payments', validBody({ restrict_to_accepted: true })),
        'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
      );
    });
    expect(await countPayments()).toBe(before);
    expect((await client.post('/payments', validBody())).status).toBe(201);
    expect(await countPayments()).toBe(before + 1);
  });
});

describe('an AuthContext built without authenticate (no business read with the key)', () => {
  it('creates the same payment as the API does, reading the business itself', async () => {
    const gateway = test.running.gateway;
    await sql(
      test,
      'update businesses set underpayment_tolerance_bps = 77, overpayment_threshold_bps = 88 where id = ?',
      [test.businessId],
    );
    const apiKey = await gateway.orm.em.fork().findOneOrFail(ApiKey, { id: test.apiKeyId });
    const direct = await createPayment(
      gateway,
      { apiKey, businessId: apiKey.businessId, mode: apiKey.mode },
      { fiat_amount: '25.00', fiat_currency: 'USD' },
    );
    const viaApi = await createPaymentVia(client);
    const shape = (p: typeof direct) => ({
      options: p.chain_options.map((o) => `${o.chain_id}:${o.coin_symbol}:${o.crypto_amount}`),
      tolerance: p.underpayment_tolerance_bps,
      threshold: p.overpayment_threshold_bps,
      status: p.status,
    });
    expect(shape(direct)).toEqual(shape(viaApi));
    expect(shape(direct)).toMatchObject({ tolerance: 77, threshold: 88, status: 'pending' });
    expect(direct.chain_options.length).toBeGreaterThan(0);
  });
});
