import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  type ApiResponse,
  type Client,
  call,
  clientFor,
  createPaymentVia,
  expectError,
} from './apiHelpers.js';

// Bad input: docs/api.md, Errors (400 INVALID_REQUEST for malformed JSON, 422 VALIDATION_ERROR,
// 404 NOT_FOUND, the error shape; bodies are JSON) and docs/security.md (every rejection a
// documented code, never a 500).

let test: TestGateway;
let client: Client;
const JSON_TYPE = { 'content-type': 'application/json' };

beforeAll(async () => {
  test = await startTestGateway();
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

const raw = (
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string> = JSON_TYPE,
) => call(test.baseUrl, test.apiKey, method, path, { ...(body === undefined ? {} : { raw: body }), headers });

/** Sends through fastify's inject (for requests fetch will not make) and shapes the answer like `call`. */
async function inject(options: {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}): Promise<ApiResponse> {
  const response = await test.running.app.inject({
    method: options.method,
    url: options.url,
    headers: { authorization: `Bearer ${test.apiKey}`, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return { status: response.statusCode, headers, body, text: response.body };
}

describe('malformed JSON is 400 INVALID_REQUEST', () => {
  it.each([
    ['an unterminated object', '{'],
    ['a missing value', '{"fiat_amount":}'],
    ['single quotes', "{'fiat_amount':'1.00'}"],
    ['a trailing comma', '{"fiat_amount":"1.00","fiat_currency":"USD",}'],
    ['trailing garbage', '{"fiat_amount":"1.00","fiat_currency":"USD"} x'],
    ['a bare word', 'payment'],
    ['NaN', '{"fiat_amount":NaN}'],
    ['a comment', '{"fiat_amount":"1.00" /* c */}'],
    ['an invalid escape', '{"description":"\\x41"}'],
    ['prototype poisoning', '{"__proto__":{"admin":true},"fiat_amount":"1.00","fiat_currency":"USD"}'],
    [
      'constructor poisoning',
      '{"constructor":{"prototype":{"admin":true}},"fiat_amount":"1.00","fiat_currency":"USD"}',
    ],
  ])('%s', async (_name, body) => {
    expectError(await raw('POST', '/payments', body), 'INVALID_REQUEST');
  });

  it('on every POST route', async () => {
    const payment = await createPaymentVia(client);
    for (const path of [
      '/payments',
      `/payments/${payment.id}/accept-shortfall`,
      `/payments/${payment.id}/refunds`,
      `/checkout/${payment.id}/select-chain`,
    ]) {
      expectError(await raw('POST', path, '{"a":'), 'INVALID_REQUEST');
    }
    expect((await client.get(`/payments/${payment.id}`)).body.data.status).toBe('pending');
  });

  it('a body whose size does not match its Content-Length is 400', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { ...JSON_TYPE, 'content-length': '5' },
      payload: '{"fiat_amount":"1.00","fiat_currency":"USD"}',
    });
    expectError(response, 'INVALID_REQUEST');
  });

  it('authentication comes first: malformed JSON without a key is 401', async () => {
    const response = await call(test.baseUrl, undefined, 'POST', '/payments', {
      raw: '{',
      headers: JSON_TYPE,
    });
    expectError(response, 'UNAUTHORIZED');
  });
});

describe('a body that is not UTF-8 is 400 INVALID_REQUEST', () => {
  const bytes = (before: string, bad: number[], after: string) =>
    Buffer.concat([Buffer.from(before), Buffer.from(bad), Buffer.from(after)]);
  const post = (path: string, body: Uint8Array<ArrayBuffer>) =>
    fetch(`${test.baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${test.apiKey}`, ...JSON_TYPE },
      body,
    }).then(async (response) => {
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: JSON.parse(text), text };
    });

  it.each([
    ['a lone 0xFF', [0xff]],
    ['Latin-1 é', [0xe9]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ])('%s in a string value: 400, and no payment is created', async (_name, bad) => {
    const orderId = `utf8-${randomUUID()}`;
    const body = bytes(
      `{"fiat_amount":"1.00","fiat_currency":"USD","order_id":"${orderId}","description":"caf`,
      bad,
      '"}',
    );
    const response = await post('/payments', body);
    expectError(response, 'INVALID_REQUEST');
    expect(response.body.error.message).toMatch(/UTF-8/);
    expect((await client.get(`/payments?order_id=${orderId}`)).body.data).toEqual([]);
  });

  it('on every POST route, while valid multi-byte UTF-8 is accepted', async () => {
    const payment = await createPaymentVia(client);
    for (const path of [
      '/payments',
      `/payments/${payment.id}/accept-shortfall`,
      `/payments/${payment.id}/refunds`,
      `/checkout/${payment.id}/select-chain`,
    ]) {
      expectError(await post(path, bytes('{"a":"', [0xff], '"}')), 'INVALID_REQUEST');
    }
    const created = await post(
      '/payments',
      Buffer.from('{"fiat_amount":"1.00","fiat_currency":"USD","description":"café ✓ 🚀"}'),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.description).toBe('café ✓ 🚀');
  });
});

describe('bodies that parse but are not the request are 422 VALIDATION_ERROR', () => {
  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"pay"'],
    ['an array', '[]'],
    ['an empty object', '{}'],
    ['an empty body', ''],
    ['deeply nested arrays', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['deeply nested objects', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
  ])('%s', async (_name, body) => {
    expectError(await raw('POST', '/payments', body), 'VALIDATION_ERROR');
  });
});

describe('size', () => {
  const bodyOfSize = (bytes: number) => {
    const base = '{"fiat_amount":"1.00","fiat_currency":"USD","description":""}';
    return `{"fiat_amount":"1.00","fiat_currency":"USD","description":"${'x'.repeat(bytes - base.length)}"}`;
  };

  it('a body over CAIRN_BODY_LIMIT_BYTES (64 KiB) is 413 PAYLOAD_TOO_LARGE', async () => {
    expect(test.running.gateway.config.CAIRN_BODY_LIMIT_BYTES).toBe(65_536);
    expectError(await raw('POST', '/payments', bodyOfSize(65_537)), 'PAYLOAD_TOO_LARGE');
    expectError(await raw('POST', '/payments', bodyOfSize(1_000_000)), 'PAYLOAD_TOO_LARGE');
    // At the limit the body is read (and refused for its description, not its size).
    expectError(await raw('POST', '/payments', bodyOfSize(65_536)), 'VALIDATION_ERROR', 'description');
  });

  it('a streamed (chunked) body over the limit is 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16_384));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"description":"'));
        if (sent >= 6) controller.close();
        else controller.enqueue(chunk);
        sent += 1;
      },
    });
    const response = await fetch(`${test.baseUrl}/api/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${test.apiKey}`, ...JSON_TYPE },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('requests Node rejects before routing', () => {
  /** Writes raw bytes to the gateway and returns the raw answer. */
  const rawHttp = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const url = new URL(test.baseUrl);
      const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(answer));
    });
  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    return { statusLine: head!.split('\r\n')[0], body: JSON.parse(body!) };
  };

  it('a request line and headers over 16 KiB are 413 PAYLOAD_TOO_LARGE in the error shape', async () => {
    const longUrl = await call(test.baseUrl, test.apiKey, 'GET', `/payments/${'x'.repeat(20_000)}`);
    expectError(longUrl, 'PAYLOAD_TOO_LARGE');
    const longHeader = await call(test.baseUrl, test.apiKey, 'GET', '/payments', {
      headers: { 'x-padding': 'p'.repeat(20_000) },
    });
    expectError(longHeader, 'PAYLOAD_TOO_LARGE');
  });

  it('malformed HTTP is 400 INVALID_REQUEST in the error shape', async () => {
    for (const bytes of [
      'GARBAGE\r\n\r\n',
      'GET /api/v1/payments HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'POST /api/v1/payments HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n',
    ]) {
      const { statusLine, body } = parse(await rawHttp(bytes));
      expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(body.error).toMatchObject({ code: 'INVALID_REQUEST', message: expect.any(String) });
      expect(body.error.request_id).toMatch(/^req_/);
    }
  });
});

describe('media types', () => {
  const body = '{"fiat_amount":"1.00","fiat_currency":"USD"}';

  it.each([
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/merge-patch+json',
    'application/octet-stream',
    ';;;',
  ])('%s is 415 UNSUPPORTED_MEDIA_TYPE', async (contentType) => {
    expectError(
      await raw('POST', '/payments', body, { 'content-type': contentType }),
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('a body without a content type is 415', async () => {
    const response = await inject({ method: 'POST', url: '/api/v1/payments', payload: body });
    expectError(response, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON'])(
    '%s is accepted',
    async (contentType) => {
      expect((await raw('POST', '/payments', body, { 'content-type': contentType })).status).toBe(201);
    },
  );

  it('an empty body with content-type application/json counts as no body where none is expected', async () => {
    const payment = await createPaymentVia(client);
    const cancelled = await raw('DELETE', `/payments/${payment.id}`, '');
    expect(cancelled.status, cancelled.text).toBe(200);
    expectError(await raw('POST', `/payments/${payment.id}/accept-shortfall`, ''), 'INVALID_PAYMENT_STATE');
  });
});

describe('routes and ids', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v2/payments'],
    ['GET', '/api/payments'],
    ['GET', '/nope'],
    ['POST', '/api/v1/payments/x/y/z'],
    ['GET', '/api/v1//payments'],
    ['GET', '/api/v1/payments%2F'],
    ['GET', '/api/v1/pay%ZZments'],
  ])('%s %s is 404 NOT_FOUND, with or without a key', async (method, url) => {
    const withKey = await inject({ method: method as 'GET', url });
    expectError(withKey, 'NOT_FOUND');
    const without = await test.running.app.inject({ method: method as 'GET', url });
    expect(without.statusCode).toBe(404);
    expect(JSON.parse(without.body).error.code).toBe('NOT_FOUND');
  });

  it('a path the API serves with another method is 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const id = randomUUID();
    for (const [method, url, allow] of [
      ['PUT', '/api/v1/payments', 'POST, GET, HEAD'],
      ['DELETE', '/api/v1/payments', 'POST, GET, HEAD'],
      ['PATCH', `/api/v1/payments/${id}`, 'GET, DELETE, HEAD'],
      ['POST', `/api/v1/payments/${id}`, 'GET, DELETE, HEAD'],
      ['GET', `/api/v1/payments/${id}/accept-shortfall`, 'POST'],
      ['GET', `/api/v1/checkout/${id}/select-chain`, 'POST'],
      ['DELETE', `/api/v1/checkout/${id}`, 'GET, HEAD'],
      ['OPTIONS', '/api/v1/payments', 'POST, GET, HEAD'],
    ] as const) {
      const response = await inject({ method: method as 'PUT', url });
      expectError(response, 'METHOD_NOT_ALLOWED');
      expect(response.headers.get('allow')).toBe(allow);
    }
  });

  const badIds = [
    'not-a-uuid',
    '12345',
    '5b0c2a1e-8f3d-1c6b-9a7e-2d1f0e9c8b7a', // a UUID v1
    '5b0c2a1e8f3d4c6b9a7e2d1f0e9c8b7a', // no hyphens
    '{5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a}',
    "5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a' or '1'='1",
    '%00',
    '%E2%80%8B',
    'x'.repeat(2000),
  ];

  it.each(badIds)('an invalid id in the path (%s) is 404 NOT_FOUND on every route', async (id) => {
    const encoded = id.includes('%') ? id : encodeURIComponent(id);
    const responses = [
      await client.get(`/payments/${encoded}`),
      await client.delete(`/payments/${encoded}`),
      await client.post(`/payments/${encoded}/accept-shortfall`),
      await client.post(`/payments/${encoded}/refunds`, {
        chain_id: 'BTC_TESTNET',
        coin_symbol: 'BTC',
        tx_id: 'a',
        amount: '1',
      }),
      await client.get(`/checkout/${encoded}`),
      await client.post(`/checkout/${encoded}/select-chain`, { token: 'BTC_TESTNET:BTC' }),
    ];
    for (const response of responses) expectError(response, 'NOT_FOUND');
  });

  it('a well-formed id that does not exist is 404 NOT_FOUND on every route', async () => {
    const id = randomUUID();
    for (const response of [
      await client.get(`/payments/${id}`),
      await client.delete(`/payments/${id}`),
      await client.post(`/payments/${id}/accept-shortfall`),
      await client.post(`/payments/${id}/refunds`, {
        chain_id: 'BTC_TESTNET',
        coin_symbol: 'BTC',
        tx_id: 'a',
        amount: '1',
      }),
      await client.get(`/checkout/${id}`),
      await client.post(`/checkout/${id}/select-chain`, { token: 'BTC_TESTNET:BTC' }),
    ]) {
      expectError(response, 'NOT_FOUND');
    }
  });

  it('an upper-case id finds the payment', async () => {
    const payment = await createPaymentVia(client);
    const response = await client.get(`/payments/${payment.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(payment.id);
  });
});

describe('list query', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['limit=1e2', 'limit'],
    ['limit=0x64', 'limit'],
    ['limit=100.0', 'limit'],
    ['limit=%20100', 'limit'],
    ['limit=100%20', 'limit'],
    ['limit=%2B100', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=007', 'limit'],
    ['limit=1_0', 'limit'],
    ['limit=Infinity', 'limit'],
    ['limit=', 'limit'],
    ['status=bogus', 'status'],
    ['status=confirmed,', 'status'],
    ['starting_after=not-a-uuid', 'starting_after'],
    [`starting_after=${randomUUID()}`, 'starting_after'],
    ['created_gte=yesterday', 'created_gte'],
    ['created_lt=2026-01-01T00:00:00%2B01:00', 'created_lt'],
    ['order_id=', 'order_id'],
    ['unknown=1', 'unknown'],
    ['__proto__=1', '__proto__'],
  ])('?%s is 422 VALIDATION_ERROR', async (query, field) => {
    expectError(await client.get(`/payments?${query}`), 'VALIDATION_ERROR', field);
  });

  it('refuses a date filter in year 0000 on every list with one (422, not a failed query)', async () => {
    for (const list of ['/payments', '/invoices', '/events']) {
      for (const field of ['created_gte', 'created_lt']) {
        const refused = await client.get(`${list}?${field}=0000-01-01T00:00:00Z`);
        expectError(refused, 'VALIDATION_ERROR', field);
        expect(refused.body.error.fields).toEqual([
          { field, message: 'must be a time in the years 0001 to 9999' },
        ]);
      }
      // The ends of the range still work.
      const ends = await client.get(
        `${list}?created_gte=0001-01-01T00:00:00Z&created_lt=9999-12-31T23:59:59Z`,
      );
      expect(ends.status, list).toBe(200);
    }
  });

  it('limit in plain decimal digits works, up to 100', async () => {
    for (const limit of ['1', '20', '100']) {
      expect((await client.get(`/payments?limit=${limit}`)).status).toBe(200);
    }
    const refused = await client.get('/payments?limit=1e2');
    expect(refused.body.error.fields).toEqual([
      { field: 'limit', message: 'must be a whole number written in decimal digits, such as 20' },
    ]);
  });

  it('valid filters work', async () => {
    const orderId = `list-${randomUUID()}`;
    const a = await createPaymentVia(client, { order_id: orderId });
    const b = await createPaymentVia(client, { order_id: orderId });
    const page = await client.get(`/payments?order_id=${orderId}&limit=1&status=pending,cancelled`);
    expect(page.status).toBe(200);
    expect(page.body.data.map((p: { id: string }) => p.id)).toEqual([b.id]);
    expect(page.body.has_more).toBe(true);
    const next = await client.get(
      `/payments?order_id=${orderId}&limit=1&starting_after=${page.body.next_starting_after}`,
    );
    expect(next.body.data.map((p: { id: string }) => p.id)).toEqual([a.id]);
    expect(next.body.has_more).toBe(false);
  });
});

describe('headers', () => {
  it('a request id that is not safe to echo is replaced, in the body and the header', async () => {
    for (const incoming of ['a b<script>', 'x'.repeat(129), '"},{"injected":1']) {
      const response = await call(test.baseUrl, undefined, 'GET', '/payments', {
        headers: { 'x-request-id': incoming },
      });
      expectError(response, 'UNAUTHORIZED');
      expect(response.body.error.request_id).toMatch(/^req_[0-9a-f-]{36}$/);
      expect(response.headers.get('x-request-id')).toBe(response.body.error.request_id);
    }
    const ok = await client.get('/payments?limit=1', { headers: { 'x-request-id': 'shop-42:retry.1' } });
    expect(ok.headers.get('x-request-id')).toBe('shop-42:retry.1');
  });

  it('a GET with a body (even a malformed one) is served', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/v1/payments?limit=1',
      headers: JSON_TYPE,
      payload: '{',
    });
    expect(response.status).toBeLessThan(500);
  });
});
