import { randomUUID } from 'node:crypto';
import { apiContract } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  type ApiResponse,
  type Client,
  clientFor,
  createPaymentVia,
  observe,
  validBody,
} from './apiHelpers.js';

// The gateway does not parse its own responses with the contract's schemas unless
// CAIRN_VALIDATE_RESPONSES is on (off by default: it is CPU on every request; see docs/decisions.md).
// The test gateway turns it on; this suite runs a gateway as production does (off) and parses every
// success body here instead, so a response that drifts from the contract fails a test either way.

type RouteName = keyof typeof apiContract;

/** Parses a 2xx body with the contract's schema for that route and status. */
function expectContractShape(route: RouteName, response: ApiResponse): void {
  const responses = apiContract[route].responses as Record<
    number,
    { safeParse(value: unknown): { success: boolean; error?: unknown } }
  >;
  const schema = responses[response.status];
  expect(schema, `${route} answered ${response.status}: ${response.text.slice(0, 300)}`).toBeDefined();
  const parsed = schema!.safeParse(response.body);
  expect(parsed.success, `${route}: ${JSON.stringify(parsed.error)}`).toBe(true);
}

let test: TestGateway;
let client: Client;

beforeAll(async () => {
  test = await startTestGateway({ env: { CAIRN_VALIDATE_RESPONSES: 'false' } });
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

describe('responses without server-side response validation (the production default)', () => {
  it('runs with validation off here, and the test gateway otherwise turns it on', async () => {
    expect(test.running.gateway.config.CAIRN_VALIDATE_RESPONSES).toBe(false);
    const validating = await startTestGateway();
    try {
      expect(validating.running.gateway.config.CAIRN_VALIDATE_RESPONSES).toBe(true);
    } finally {
      await validating.stop();
    }
  });

  it('create, with every optional field and without, matches the contract', async () => {
    for (const body of [
      validBody(),
      validBody({ fiat_currency: 'EUR', fiat_amount: '0.01' }),
      validBody({
        order_id: `order-${randomUUID()}`,
        description: 'Two bags of coffee',
        customer_email: 'buyer@example.com',
        success_url: 'https://shop.example/thanks',
        cancel_url: 'https://shop.example/cart',
        accepted_chains: ['LTC_TESTNET'],
        accepted_coins: ['LTC'],
        accepted_tokens: ['BTC_TESTNET:BTC'],
        restrict_to_accepted: true,
      }),
    ]) {
      const response = await client.post('/payments', body);
      expect(response.status, response.text).toBe(201);
      expectContractShape('createPayment', response);
    }
  });

  it('retrieve, list, select-chain, checkout, accept-shortfall, refund and cancel match the contract', async () => {
    const underpaid = async () => {
      const payment = await createPaymentVia(client, { order_id: 'contract-shape' });
      expectContractShape('retrievePayment', await client.get(`/payments/${payment.id}`));
      expectContractShape('retrieveCheckout', await client.get(`/checkout/${payment.id}`));
      const selected = await client.post(`/checkout/${payment.id}/select-chain`, {
        chain_id: 'BTC_TESTNET',
        coin_symbol: 'BTC',
      });
      expect(selected.status, selected.text).toBe(200);
      expectContractShape('selectChain', selected);
      // Half paid, at depth: underpaid, with a transaction in the payment object.
      await observe(test, payment.id, { fraction: [1n, 2n], depth: 1000 });
      const retrieved = await client.get(`/payments/${payment.id}`);
      expect(retrieved.body.data.status).toBe('underpaid');
      expectContractShape('retrievePayment', retrieved);
      return payment.id as string;
    };

    const accepted = await client.post(`/payments/${await underpaid()}/accept-shortfall`);
    expect(accepted.status, accepted.text).toBe(200);
    expectContractShape('acceptShortfall', accepted);

    const refund = await client.post(`/payments/${await underpaid()}/refunds`, {
      chain_id: 'BTC_TESTNET',
      coin_symbol: 'BTC',
      tx_id: randomUUID().replaceAll('-', ''),
      amount: '1000',
    });
    expect(refund.status, refund.text).toBe(201);
    expectContractShape('recordRefund', refund);

    expectContractShape('listPayments', await client.get('/payments?limit=5'));
    const other = await createPaymentVia(client);
    const cancelled = await client.delete(`/payments/${other.id}`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expectContractShape('cancelPayment', cancelled);
  });
});
