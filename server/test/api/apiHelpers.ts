import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { ERROR_CODES, type ErrorCode, type Mode } from '@cairn/contract';
import { expect } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createApiKey } from '../../src/domain/apiKeys/createApiKey.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { recordTransferObservation } from '../../src/domain/payments/recordTransferObservation.js';
import { addWallet } from '../../src/domain/wallets/addWallet.js';
import { Payment } from '../../src/platform/db/entities/index.js';
import type { TestGateway } from '../harness/startTestGateway.js';

/** A response as the tests look at it: status, lower-case headers and the parsed JSON body (if any). */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  readonly body: any;
  readonly text: string;
}

export interface CallOptions {
  /** A JSON value to send (serialised with JSON.stringify). */
  readonly json?: unknown;
  /** A raw body, sent as is. */
  readonly raw?: string;
  /** Extra headers; `authorization: null` removes the bearer header. */
  readonly headers?: Record<string, string | null>;
}

/** Calls the API over real HTTP with `key` as the bearer (unless overridden). */
export async function call(
  baseUrl: string,
  key: string | undefined,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    body = options.raw;
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** A client bound to one base URL and key. */
export function clientFor(baseUrl: string, key: string | undefined) {
  return {
    get: (path: string, options?: CallOptions) => call(baseUrl, key, 'GET', path, options),
    post: (path: string, json?: unknown, options: CallOptions = {}) =>
      call(baseUrl, key, 'POST', path, json === undefined ? options : { ...options, json }),
    delete: (path: string, options?: CallOptions) => call(baseUrl, key, 'DELETE', path, options),
  };
}
export type Client = ReturnType<typeof clientFor>;

/** Asserts the error shape of docs/api.md, Errors, the code, and the code's HTTP status. */
export function expectError(response: ApiResponse, code: ErrorCode, field?: string): void {
  expect(
    { status: response.status, code: response.body?.error?.code },
    `body: ${response.text.slice(0, 500)}`,
  ).toEqual({ status: ERROR_CODES[code].status, code });
  expect(typeof response.body.error.message).toBe('string');
  expect(response.body.error.message.length).toBeGreaterThan(0);
  expect(response.body.error.request_id).toMatch(/\S/);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  if (field !== undefined) {
    const fields = (response.body.error.fields ?? []) as { field: string }[];
    expect(fields.map((f) => f.field)).toContain(field);
  }
}

/** A valid create-payment body. */
export const validBody = (extra: Record<string, unknown> = {}) => ({
  fiat_amount: '25.00',
  fiat_currency: 'USD',
  ...extra,
});

/** Creates a payment through the API and returns its body (asserting 201). */
// biome-ignore lint/suspicious/noExplicitAny: API bodies
export async function createPaymentVia(client: Client, extra: Record<string, unknown> = {}): Promise<any> {
  const response = await client.post('/payments', validBody(extra));
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

/** Runs SQL on the gateway's database. */
export async function sql<T = Record<string, unknown>>(
  test: TestGateway,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return test.running.gateway.orm.em.fork().getConnection().execute<T[]>(query, params);
}

/** The outbox rows of a payment, oldest first. */
export async function outboxOf(
  test: TestGateway,
  paymentId: string,
  // biome-ignore lint/suspicious/noExplicitAny: jsonb payload
): Promise<{ event: string; payload: any }[]> {
  return sql(test, 'select event, payload from outbox_events where payment_id = ? order by seq', [paymentId]);
}

/** The credit ledger rows of a payment, oldest first. */
export async function ledgerOf(
  test: TestGateway,
  paymentId: string,
): Promise<{ kind: string; amount_usd: string }[]> {
  return sql(
    test,
    'select kind, amount_usd::text as amount_usd from credit_ledger where payment_id = ? order by created_at, kind',
    [paymentId],
  );
}

/** A new API key of the test gateway's business (test mode unless told). */
export async function newKey(
  test: TestGateway,
  options: { mode?: Mode; allowedIps?: string[]; allowedTokens?: string[]; businessId?: string } = {},
): Promise<{ key: string; id: string }> {
  const gateway = test.running.gateway;
  const { key, apiKey } = await createApiKey(gateway.orm.em.fork(), gateway.clock, {
    businessId: options.businessId ?? test.businessId,
    mode: options.mode ?? 'test',
    label: `api-test-${randomUUID().slice(0, 8)}`,
    ...(options.allowedIps ? { allowedIps: options.allowedIps } : {}),
    ...(options.allowedTokens ? { allowedTokens: options.allowedTokens } : {}),
  });
  return { key, id: apiKey.id };
}

/** Another login's business with a BTC_TESTNET wallet and a test key. */
export async function otherBusiness(test: TestGateway): Promise<{ businessId: string; key: string }> {
  const gateway = test.running.gateway;
  const em = gateway.orm.em.fork();
  const user = await createUser(em, gateway.clock, {
    email: `other-${randomUUID()}@cairn.test`,
    verified: true,
  });
  const business = await createBusiness(em, gateway.clock, {
    userId: user.id,
    name: 'Other Shop',
    grants: { testUsd: '100', liveUsd: '50' },
  });
  await addWallet(em, gateway.clock, gateway.chains, {
    businessId: business.id,
    chainId: 'BTC_TESTNET',
    value: deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC_TESTNET', 'p2wpkh'),
  });
  const { key } = await newKey(test, { businessId: business.id });
  return { businessId: business.id, key };
}

/**
 * What a chain watcher reports: a transfer of `numerator/denominator` of the locked amount (or an
 * exact `amount`) at `depth` confirmations. Returns the tx id (reuse it to deepen or remove it).
 */
export async function observe(
  test: TestGateway,
  paymentId: string,
  options: {
    fraction?: [bigint, bigint];
    amount?: bigint;
    depth: number;
    txId?: string;
    removed?: boolean;
  },
): Promise<string> {
  const gateway = test.running.gateway;
  const payment = await gateway.orm.em.fork().findOneOrFail(Payment, { id: paymentId });
  if (!payment.selectedChainId) throw new Error('select a chain first');
  const [n, d] = options.fraction ?? [1n, 1n];
  const txId = options.txId ?? randomBytes(32).toString('hex');
  await recordTransferObservation(gateway, {
    paymentId,
    chainId: payment.selectedChainId,
    coinSymbol: payment.selectedCoinSymbol!,
    txId,
    outputIndex: 0,
    amount: options.amount ?? (BigInt(payment.lockedAmount!) * n) / d,
    confirmations: options.depth,
    removed: options.removed ?? false,
  });
  return txId;
}

/** Creates a payment and selects BTC_TESTNET:BTC through the API; returns the checkout data. */
// biome-ignore lint/suspicious/noExplicitAny: API bodies
export async function awaitingPayment(client: Client, extra: Record<string, unknown> = {}): Promise<any> {
  const payment = await createPaymentVia(client, extra);
  const selected = await client.post(`/checkout/${payment.id}/select-chain`, {
    chain_id: 'BTC_TESTNET',
    coin_symbol: 'BTC',
  });
  expect(selected.status, selected.text).toBe(200);
  return selected.body.data;
}
