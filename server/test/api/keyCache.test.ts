import { randomBytes } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/domain/apiKeys/authenticate.js';
import { authenticateFromCache } from '../../src/domain/apiKeys/authenticateFromCache.js';
import { KeyCache } from '../../src/domain/apiKeys/KeyCache.js';
import { revokeApiKey } from '../../src/domain/apiKeys/revokeApiKey.js';
import { addWallet } from '../../src/domain/wallets/addWallet.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  newKey,
  sql,
  validBody,
} from './apiHelpers.js';

// Create-payment may run on a key read by an earlier request (the key cache) and re-check it in its
// insert statement (authenticateFromCache, insertPayment). Every case here first uses the key, so it
// is cached, then changes the key or its business in the database: the answer must be what a fresh
// read of the key gives, and nothing may be stored for a key that is no longer accepted.

let test: TestGateway;

const paymentsOfKey = async (keyId: string) =>
  Number(
    (
      await sql<{ n: string }>(test, 'select count(*)::text as n from payments where api_key_id = ?', [keyId])
    )[0]!.n,
  );

/** A fresh key whose first create succeeded (so the gateway has it cached). */
async function cachedKey(
  options: { allowedTokens?: string[] } = {},
): Promise<{ client: Client; id: string }> {
  const { key, id } = await newKey(test, options);
  const client = clientFor(test.baseUrl, key);
  await createPaymentVia(client);
  await createPaymentVia(client);
  return { client, id };
}

beforeAll(async () => {
  test = await startTestGateway();
});
afterAll(async () => {
  await test?.stop();
});

describe('authenticateFromCache', () => {
  it('answers only for a key the database accepted before, provisionally, and re-reads on request', async () => {
    const { key } = await newKey(test);
    const request = { headers: { authorization: `Bearer ${key}` }, ip: '127.0.0.1' } as FastifyRequest;
    const cache = new KeyCache();
    const orm = test.running.gateway.orm;
    const recheck = () => authenticate(orm, request, test.running.gateway.clock.now(), cache);
    expect(await authenticateFromCache(request, cache, recheck)).toBeUndefined();
    const read = await authenticate(orm, request, test.running.gateway.clock.now(), cache);
    expect(read.provisional).toBeUndefined();
    const cached = await authenticateFromCache(request, cache, recheck);
    expect(cached).toMatchObject({ provisional: true, businessId: read.businessId, mode: 'test' });
    expect(cached!.apiKey.id).toBe(read.apiKey.id);
    // A refused key is forgotten.
    await sql(test, `update api_keys set status = 'deactivated' where key_hash = ?`, [read.apiKey.keyHash]);
    await expect(recheck()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await authenticateFromCache(request, cache, recheck)).toBeUndefined();
  });

  it('forgets the oldest key past its limit', () => {
    const cache = new KeyCache(2);
    const auth = {} as Parameters<KeyCache['set']>[1];
    cache.set('a', auth);
    cache.set('b', auth);
    cache.set('a', auth);
    cache.set('c', auth);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([auth, undefined, auth]);
  });
});

describe('create-payment with a cached key', () => {
  it('a revoked key is 401 on the very next create, and nothing is stored', async () => {
    const { client, id } = await cachedKey();
    const before = await paymentsOfKey(id);
    const gateway = test.running.gateway;
    await revokeApiKey(gateway.orm.em.fork(), gateway.clock, id);
    expectError(await client.post('/payments', validBody()), 'UNAUTHORIZED');
    expect(await paymentsOfKey(id)).toBe(before);
  });

  it('a deactivated key is 401, and creates again once reactivated', async () => {
    const { client, id } = await cachedKey();
    await sql(test, `update api_keys set status = 'deactivated' where id = ?`, [id]);
    expectError(await client.post('/payments', validBody()), 'UNAUTHORIZED');
    await sql(test, `update api_keys set status = 'active' where id = ?`, [id]);
    expect((await client.post('/payments', validBody())).status).toBe(201);
  });

  it.each([
    ['a body that fails the schema (422)', { json: { fiat_amount: 5 } }],
    ['malformed JSON (400)', { raw: '{"fiat_amount":' }],
    [
      'another media type (415)',
      { raw: 'fiat_amount=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ],
    ['a body over the size limit (413)', { json: { ...validBody(), description: 'x'.repeat(70_000) } }],
    ['text PostgreSQL cannot store (422)', { json: validBody({ description: 'a\u0000b' }) }],
    ['restrict_to_accepted without a set (422)', { json: validBody({ restrict_to_accepted: true }) }],
    [
      'an accepted set the key cannot offer (422)',
      { json: validBody({ accepted_tokens: ['ETH_SEPOLIA:USDC'], restrict_to_accepted: true }) },
    ],
    ['a currency no rate prices (503)', { json: validBody({ fiat_currency: 'ISK', fiat_amount: '1000' }) }],
  ] as const)('a revoked key is 401 rather than refused for %s', async (_, options) => {
    const { client, id } = await cachedKey();
    await sql(test, `update api_keys set status = 'revoked' where id = ?`, [id]);
    const before = await paymentsOfKey(id);
    expectError(await client.post('/payments', undefined, options), 'UNAUTHORIZED');
    expect(await paymentsOfKey(id)).toBe(before);
  });

  it('an allowlist that now excludes the caller is 403, one that admits it again works', async () => {
    const { client, id } = await cachedKey();
    const before = await paymentsOfKey(id);
    await sql(test, `update api_keys set allowed_ips = '{10.0.0.0/8}' where id = ?`, [id]);
    expectError(await client.post('/payments', validBody()), 'IP_NOT_ALLOWED');
    expect(await paymentsOfKey(id)).toBe(before);
    await sql(test, `update api_keys set allowed_ips = '{127.0.0.1,::1}' where id = ?`, [id]);
    expect((await client.post('/payments', validBody())).status).toBe(201);
  });

  it('a cached allowlist that refused the caller is re-read: widened since, the create succeeds', async () => {
    const { key, id } = await newKey(test, { allowedIps: ['10.0.0.0/8'] });
    const client = clientFor(test.baseUrl, key);
    expectError(await client.post('/payments', validBody()), 'IP_NOT_ALLOWED');
    await sql(test, `update api_keys set allowed_ips = '{}' where id = ?`, [id]);
    expect((await client.post('/payments', validBody())).status).toBe(201);
  });

  it("the key's accepted tokens, the business's wallets and settings are as stored now", async () => {
    const { client, id } = await cachedKey({ allowedTokens: ['BTC_TESTNET:BTC', 'LTC_TESTNET:LTC'] });
    const tokens = (p: { chain_options: { chain_id: string; coin_symbol: string }[] }) =>
      p.chain_options.map((o) => `${o.chain_id}:${o.coin_symbol}`).sort();
    expect(tokens(await createPaymentVia(client))).toEqual(['BTC_TESTNET:BTC', 'LTC_TESTNET:LTC']);

    await sql(test, `update api_keys set allowed_tokens = '{LTC_TESTNET:LTC}' where id = ?`, [id]);
    expect(tokens(await createPaymentVia(client))).toEqual(['LTC_TESTNET:LTC']);

    await sql(
      test,
      'update businesses set underpayment_tolerance_bps = 123, overpayment_threshold_bps = 456 where id = ?',
      [test.businessId],
    );
    expect(await createPaymentVia(client)).toMatchObject({
      underpayment_tolerance_bps: 123,
      overpayment_threshold_bps: 456,
    });
  });

  it("the business's wallets are as stored now: one removed is no longer offered, one added is", async () => {
    const { client } = await cachedKey({ allowedTokens: ['BTC_TESTNET:BTC', 'LTC_REGTEST:LTC'] });
    const chains = async () =>
      (await createPaymentVia(client)).chain_options.map((o: { chain_id: string }) => o.chain_id).sort();
    expect(await chains()).toEqual(['BTC_TESTNET', 'LTC_REGTEST']);
    // No payment of this file ever picked a chain, so no payment refers to the wallet.
    await sql(
      test,
      `delete from wallets where business_id = ? and mode = 'test' and chain_id = 'LTC_REGTEST'`,
      [test.businessId],
    );
    expect(await chains()).toEqual(['BTC_TESTNET']);
    const gateway = test.running.gateway;
    await addWallet(gateway.orm.em.fork(), gateway.clock, gateway.chains, {
      businessId: test.businessId,
      chainId: 'LTC_REGTEST',
      value: deriveAccountXpub(randomBytes(64).toString('hex'), 'LTC_REGTEST', 'p2wpkh'),
    });
    expect(await chains()).toEqual(['BTC_TESTNET', 'LTC_REGTEST']);
  });

  it('an exhausted reserve is 402 for an active key and 401 for a revoked one', async () => {
    const { client, id } = await cachedKey();
    const [balance] = await sql<{ b: string }>(
      test,
      `select sum(amount_usd)::text as b from credit_ledger where business_id = ? and mode = 'test'`,
      [test.businessId],
    );
    const adjust = (amount: string) =>
      sql(
        test,
        `insert into credit_ledger values (gen_random_uuid(), ?, 'test', 'adjustment', ?::numeric, null, now())`,
        [test.businessId, amount],
      );
    await adjust(`-${balance!.b}`);
    try {
      expectError(await client.post('/payments', validBody()), 'INSUFFICIENT_CREDIT');
      await sql(test, `update api_keys set status = 'revoked' where id = ?`, [id]);
      expectError(await client.post('/payments', validBody()), 'UNAUTHORIZED');
    } finally {
      await adjust(balance!.b!);
    }
  });
});

describe('create-payment with a cached key under a rate limit', () => {
  let limited: TestGateway;
  beforeAll(async () => {
    limited = await startTestGateway({ env: { CAIRN_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('a revoked key over its limit is 401, not 429', async () => {
    const client = clientFor(limited.baseUrl, limited.apiKey);
    for (let i = 0; i < 3; i += 1) expect((await client.post('/payments', validBody())).status).toBe(201);
    expectError(await client.post('/payments', validBody()), 'RATE_LIMITED');
    await sql(limited, `update api_keys set status = 'revoked' where id = ?`, [limited.apiKeyId]);
    expectError(await client.post('/payments', validBody()), 'UNAUTHORIZED');
  });
});
