import { CheckoutSchema, PaymentSchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { type Client, clientFor, createPaymentVia, expectError, outboxOf, sql } from './apiHelpers.js';

// POST /api/v1/checkout/{id}/select-chain, GET /api/v1/checkout/{id}; docs/lifecycle.md, Transitions
// (pending -> awaiting_payment, payment.awaiting, address derived, amount locked) and Decisions (the
// window restarts for the picked chain).

const MINUTE = 60_000;
let test: TestGateway;
let client: Client;
const clock = new ManualClock('2026-03-01T12:00:00Z');

beforeAll(async () => {
  test = await startTestGateway({ clock });
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

const select = (id: string, body: unknown) => client.post(`/checkout/${id}/select-chain`, body);

describe('selecting a chain', () => {
  it('moves pending to awaiting_payment, derives the address, builds a BIP21 URI and emits payment.awaiting', async () => {
    const payment = await createPaymentVia(client);
    const before = await client.get(`/checkout/${payment.id}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ payment_id: payment.id, status: 'pending', selected: null });
    expect(before.body.data.business_name).toBe('Cairn Dev Shop');

    const response = await select(payment.id, { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC' });
    expect(response.status, response.text).toBe(200);
    const checkout = response.body.data;
    expect(() => CheckoutSchema.parse(checkout)).not.toThrow();
    expect(checkout.status).toBe('awaiting_payment');
    const selected = checkout.selected;
    expect(selected).toMatchObject({
      chain_id: 'BTC_TESTNET',
      coin_symbol: 'BTC',
      required_confirmations: 2,
    });
    expect(selected.address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(selected.payment_uri).toBe(
      `bitcoin:${selected.address}?amount=${selected.display_amount}&label=Cairn%20Dev%20Shop`,
    );
    expect(selected.amount_due).toBe(selected.crypto_amount);
    expect(selected.amount_received).toBe('0');

    // The payment carries the pick; only the picked option has an address.
    const read = (await client.get(`/payments/${payment.id}`)).body.data;
    expect(() => PaymentSchema.parse(read)).not.toThrow();
    expect(read).toMatchObject({
      status: 'awaiting_payment',
      selected_chain_id: 'BTC_TESTNET',
      selected_coin_symbol: 'BTC',
      amount_due: selected.crypto_amount,
    });
    for (const option of read.chain_options) {
      const picked = option.chain_id === 'BTC_TESTNET';
      expect(option.address).toBe(picked ? selected.address : '');
      expect(option.payment_uri).toBe(picked ? selected.payment_uri : '');
    }

    // The checkout now carries the address.
    const after = (await client.get(`/checkout/${payment.id}`)).body.data;
    expect(after.selected.address).toBe(selected.address);
    expect(after.status).toBe('awaiting_payment');

    // Exactly one payment.awaiting, with the payment in its data.
    const events = await outboxOf(test, payment.id);
    expect(events.map((e) => e.event)).toEqual(['payment.awaiting']);
    const { payload } = events[0]!;
    expect(payload.id).toMatch(/^evt_[0-9a-f-]{36}$/);
    expect(payload.event).toBe('payment.awaiting');
    expect(payload.data.payment).toMatchObject({ id: payment.id, status: 'awaiting_payment' });
    expect(
      payload.data.payment.chain_options.find((o: { chain_id: string }) => o.chain_id === 'BTC_TESTNET')
        .address,
    ).toBe(selected.address);
  });

  it('the token form works and derives a Litecoin testnet address', async () => {
    const payment = await createPaymentVia(client);
    const response = await select(payment.id, { token: 'LTC_TESTNET:LTC' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.selected.address).toMatch(/^tltc1q[02-9ac-hj-np-z]{38}$/);
    expect(response.body.data.selected.payment_uri).toMatch(/^litecoin:tltc1q[02-9ac-hj-np-z]{38}\?amount=/);
    expect(response.body.data.selected.required_confirmations).toBe(6);
  });

  it('the same option again returns the same address and emits nothing more', async () => {
    const payment = await createPaymentVia(client);
    const first = await select(payment.id, { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC' });
    const again = await select(payment.id, { token: 'BTC_TESTNET:BTC' });
    expect(again.status).toBe(200);
    expect(again.body.data.selected.address).toBe(first.body.data.selected.address);
    expect(again.body.data.expires_at).toBe(first.body.data.expires_at);
    expect((await outboxOf(test, payment.id)).map((e) => e.event)).toEqual(['payment.awaiting']);
  });

  it('a different option after a pick is 409 CHAIN_ALREADY_SELECTED and changes nothing', async () => {
    const payment = await createPaymentVia(client);
    const first = await select(payment.id, { token: 'BTC_TESTNET:BTC' });
    expectError(await select(payment.id, { token: 'LTC_TESTNET:LTC' }), 'CHAIN_ALREADY_SELECTED');
    expectError(
      await select(payment.id, { chain_id: 'LTC_REGTEST', coin_symbol: 'LTC' }),
      'CHAIN_ALREADY_SELECTED',
    );
    const read = (await client.get(`/checkout/${payment.id}`)).body.data;
    expect(read.selected.address).toBe(first.body.data.selected.address);
    expect((await outboxOf(test, payment.id)).length).toBe(1);
  });

  it('restarts the window for the picked chain and locks the amount at the pick', async () => {
    const payment = await createPaymentVia(client);
    expect(Date.parse(payment.expires_at) - Date.parse(payment.created_at)).toBe(60 * MINUTE);
    clock.advance(25 * MINUTE);
    const pickedAt = clock.now();
    const checkout = (await select(payment.id, { token: 'LTC_TESTNET:LTC' })).body.data;
    expect(Date.parse(checkout.expires_at)).toBe(pickedAt.getTime() + 60 * MINUTE);
    expect(Date.parse(checkout.selected.exchange_rate_locked_at)).toBe(pickedAt.getTime());
    const read = (await client.get(`/payments/${payment.id}`)).body.data;
    expect(read.expires_at).toBe(checkout.expires_at);
    const [row] = await sql<{ late: Date }>(
      test,
      'select late_grace_ends_at as late from payments where id = ?',
      [payment.id],
    );
    expect(new Date(row!.late).getTime()).toBe(pickedAt.getTime() + 60 * MINUTE + 12 * 60 * MINUTE);
  });
});

describe('refusals', () => {
  it('a restricted payment refuses a coin outside its accepted set with 422 COIN_NOT_IN_ACCEPTED_SET', async () => {
    const payment = await createPaymentVia(client, {
      accepted_tokens: ['LTC_TESTNET:LTC'],
      restrict_to_accepted: true,
    });
    expectError(await select(payment.id, { token: 'BTC_TESTNET:BTC' }), 'COIN_NOT_IN_ACCEPTED_SET');
    expectError(
      await select(payment.id, { chain_id: 'LTC_REGTEST', coin_symbol: 'LTC' }),
      'COIN_NOT_IN_ACCEPTED_SET',
    );
    expectError(await select(payment.id, { token: 'ETH_SEPOLIA:USDC' }), 'COIN_NOT_IN_ACCEPTED_SET');
    expect((await client.get(`/payments/${payment.id}`)).body.data.status).toBe('pending');
    expect(await outboxOf(test, payment.id)).toEqual([]);
    const ok = await select(payment.id, { token: 'LTC_TESTNET:LTC' });
    expect(ok.status).toBe(200);

    const byCoin = await createPaymentVia(client, { accepted_coins: ['LTC'], restrict_to_accepted: true });
    expectError(await select(byCoin.id, { token: 'BTC_TESTNET:BTC' }), 'COIN_NOT_IN_ACCEPTED_SET');
    expect((await select(byCoin.id, { token: 'LTC_REGTEST:LTC' })).status).toBe(200);
  });

  it('an unrestricted payment accepts any of its options, not only the accepted ones', async () => {
    const payment = await createPaymentVia(client, { accepted_tokens: ['LTC_TESTNET:LTC'] });
    expect((await select(payment.id, { token: 'BTC_TESTNET:BTC' })).status).toBe(200);
  });

  it('a chain and coin the payment does not offer is 422 COIN_NOT_OFFERED', async () => {
    const payment = await createPaymentVia(client);
    expectError(await select(payment.id, { token: 'ETH_SEPOLIA:ETH' }), 'COIN_NOT_OFFERED');
    // A live chain on a test payment.
    expectError(await select(payment.id, { chain_id: 'BTC', coin_symbol: 'BTC' }), 'COIN_NOT_OFFERED');
    // A coin the chain does not carry.
    expectError(
      await select(payment.id, { chain_id: 'BTC_TESTNET', coin_symbol: 'LTC' }),
      'COIN_NOT_OFFERED',
    );
    expect((await client.get(`/payments/${payment.id}`)).body.data.status).toBe('pending');
  });

  it('a cancelled payment is 409 INVALID_PAYMENT_STATE', async () => {
    const payment = await createPaymentVia(client);
    expect((await client.delete(`/payments/${payment.id}`)).status).toBe(200);
    expectError(await select(payment.id, { token: 'BTC_TESTNET:BTC' }), 'INVALID_PAYMENT_STATE');
    expect(await outboxOf(test, payment.id).then((rows) => rows.map((r) => r.event))).toEqual([
      'payment.cancelled',
    ]);
  });

  it.each([
    ['an empty body', {}],
    ['a chain without a coin', { chain_id: 'BTC_TESTNET' }],
    ['both forms at once', { token: 'BTC_TESTNET:BTC', chain_id: 'BTC_TESTNET', coin_symbol: 'BTC' }],
    ['an unknown token', { token: 'FOO_CHAIN:BAR' }],
    ['a malformed token', { token: 'btc_testnet:btc' }],
    ['an unknown chain id', { chain_id: 'NOPE', coin_symbol: 'BTC' }],
    ['an extra field', { token: 'BTC_TESTNET:BTC', address: 'tb1qattacker' }],
    ['an array', [{ token: 'BTC_TESTNET:BTC' }]],
  ])('%s is 422 VALIDATION_ERROR', async (_name, body) => {
    const payment = await createPaymentVia(client);
    expectError(await select(payment.id, body), 'VALIDATION_ERROR');
    expect((await client.get(`/payments/${payment.id}`)).body.data.status).toBe('pending');
  });
});

describe('derivation', () => {
  it('gives two payments different addresses', async () => {
    const a = await createPaymentVia(client);
    const b = await createPaymentVia(client);
    const addressA = (await select(a.id, { token: 'BTC_TESTNET:BTC' })).body.data.selected.address;
    const addressB = (await select(b.id, { token: 'BTC_TESTNET:BTC' })).body.data.selected.address;
    expect(addressA).not.toBe(addressB);
  });

  it('allocates indexes atomically: concurrent picks get distinct, gap-free indexes and addresses', async () => {
    const walletRow = async () =>
      (
        await sql<{ id: string; next_index: number }>(
          test,
          `select id, next_index from wallets where business_id = ? and chain_id = 'LTC_REGTEST'`,
          [test.businessId],
        )
      )[0]!;
    const before = await walletRow();
    const payments = await Promise.all(Array.from({ length: 12 }, () => createPaymentVia(client)));
    const responses = await Promise.all(payments.map((p) => select(p.id, { token: 'LTC_REGTEST:LTC' })));
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    const addresses = responses.map((r) => r.body.data.selected.address);
    expect(new Set(addresses).size).toBe(12);
    for (const address of addresses) expect(address).toMatch(/^rltc1q/);
    const indexes = await sql<{ derivation_index: number }>(
      test,
      `select derivation_index from payments where id = any(string_to_array(?, ',')::uuid[]) order by derivation_index`,
      [payments.map((p) => p.id).join(',')],
    );
    expect(indexes.map((r) => r.derivation_index)).toEqual(
      Array.from({ length: 12 }, (_, i) => before.next_index + i),
    );
    expect((await walletRow()).next_index).toBe(before.next_index + 12);
  });

  it('concurrent picks of one payment derive one address and emit one event', async () => {
    const payment = await createPaymentVia(client);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => select(payment.id, { token: 'BTC_TESTNET:BTC' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(responses.map((r) => r.body.data.selected.address)).size).toBe(1);
    expect((await outboxOf(test, payment.id)).map((e) => e.event)).toEqual(['payment.awaiting']);
  });

  it('concurrent picks of different options: exactly one wins, the others are 409 CHAIN_ALREADY_SELECTED', async () => {
    const payment = await createPaymentVia(client);
    const tokens = [
      'BTC_TESTNET:BTC',
      'LTC_TESTNET:LTC',
      'LTC_REGTEST:LTC',
      'BTC_TESTNET:BTC',
      'LTC_TESTNET:LTC',
    ];
    const responses = await Promise.all(tokens.map((token) => select(payment.id, { token })));
    const winners = responses.filter((r) => r.status === 200);
    expect(new Set(winners.map((r) => `${r.body.data.selected.chain_id}`)).size).toBe(1);
    for (const response of responses.filter((r) => r.status !== 200))
      expectError(response, 'CHAIN_ALREADY_SELECTED');
    expect((await outboxOf(test, payment.id)).length).toBe(1);
  });
});
