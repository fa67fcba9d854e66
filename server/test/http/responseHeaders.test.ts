import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// What every answer carries (nosniff, no referrer, not stored unless the route says otherwise), HSTS
// when the gateway is public over https, and who may read /metrics.

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
/** An IPv4 address of this machine that is not a loopback one, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
if (!outsideAddress)
  console.warn('SKIPPED: the real-socket /metrics case: this machine has no non-loopback IPv4 address.');

let plain: TestGateway;
let tls: TestGateway;

beforeAll(async () => {
  [plain, tls] = await Promise.all([
    startTestGateway({ env: { HOST: '0.0.0.0', CAIRN_METRICS_TOKEN: METRICS_TOKEN } }),
    startTestGateway({ env: { CAIRN_PUBLIC_URL: 'https://pay.shop.test' } }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([plain?.stop(), tls?.stop()]);
});

const mcp = (accept: string) =>
  fetch(`${plain.baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${plain.apiKey}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

function expectPrivateAnswer(response: Response, what: string): void {
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(response.headers.get('cache-control'), what).toBe('no-store');
}

describe('JSON answers', () => {
  it('of the API, its errors, health and the OpenAPI document: nosniff, no-referrer, no-store', async () => {
    const auth = { authorization: `Bearer ${plain.apiKey}` };
    const list = await fetch(`${plain.baseUrl}/api/v1/payments`, { headers: auth });
    expect(list.status).toBe(200);
    expectPrivateAnswer(list, 'GET /api/v1/payments');
    const unauthorized = await fetch(`${plain.baseUrl}/api/v1/payments`);
    expect(unauthorized.status).toBe(401);
    expectPrivateAnswer(unauthorized, '401');
    const missing = await fetch(`${plain.baseUrl}/api/v1/nothing-here`, { headers: auth });
    expect(missing.status).toBe(404);
    expectPrivateAnswer(missing, '404');
    for (const path of ['/healthz', '/readyz', '/openapi.json']) {
      expectPrivateAnswer(await fetch(`${plain.baseUrl}${path}`), path);
    }
  });

  it('of MCP, as JSON and as an event stream: nosniff and no-referrer, never stored', async () => {
    const json = await mcp('application/json, text/event-stream');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expectPrivateAnswer(json, 'MCP JSON');
    const stream = await mcp('text/event-stream, application/json');
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('referrer-policy')).toBe('no-referrer');
    expect(stream.headers.get('cache-control')).toMatch(/no-cache|no-store/);
    await stream.text();
    const refused = await fetch(`${plain.baseUrl}/mcp`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(401);
    expectPrivateAnswer(refused, 'MCP 401');
  });

  it('of discovery: nosniff and no-referrer, cacheable for five minutes (they are the same for everyone)', async () => {
    for (const path of [
      '/',
      '/mcp/server-card',
      '/.well-known/mcp/catalog.json',
      '/.well-known/api-catalog',
      '/.well-known/agent-skills/index.json',
    ]) {
      const response = await fetch(`${plain.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=300');
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent for a year with subdomains, without preload, when the public URL is https', async () => {
    for (const url of ['/healthz', '/api/v1/payments', '/dashboard/sign-in', '/.well-known/api-catalog']) {
      const response = await tls.running.app.inject({
        method: 'GET',
        url,
        headers: { host: 'pay.shop.test' },
      });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is not sent when the public URL is plain http', async () => {
    const response = await fetch(`${plain.baseUrl}/healthz`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('/metrics', () => {
  it('answers this machine', async () => {
    const response = await fetch(`${plain.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('cairn_');
  });

  it('refuses (401) another peer without the token, or with a wrong one, and answers it with the token', async () => {
    const { app } = plain.running;
    const from = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.7', headers });
    const none = await from();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('cairn_');
    expect((await from({ authorization: `Bearer ${METRICS_TOKEN}x` })).statusCode).toBe(401);
    expect((await from({ authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` })).statusCode).toBe(401);
    expect((await from({ authorization: METRICS_TOKEN })).statusCode).toBe(401);
    // A forged X-Forwarded-For does not make a peer local.
    expect((await from({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(401);
    const allowed = await from({ authorization: `Bearer ${METRICS_TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('cairn_');
  });

  it('refuses a request a proxy on this machine passed on, unless it has the token', async () => {
    const proxied = await fetch(`${plain.baseUrl}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.status).toBe(401);
    const withToken = await fetch(`${plain.baseUrl}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.status).toBe(200);
  });

  it('without CAIRN_METRICS_TOKEN, refuses every other peer whatever it sends', async () => {
    const response = await tls.running.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '198.51.100.7',
      headers: { authorization: 'Bearer anything-at-all-here' },
    });
    expect(response.statusCode).toBe(401);
  });

  it.runIf(outsideAddress)(
    'over a real socket from another address: 401, then 200 with the token',
    async () => {
      const url = `http://${outsideAddress}:${new URL(plain.baseUrl).port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    },
  );
});
