import { PaymentSchema } from '@cairn/contract';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/domain/apiKeys/revokeApiKey.js';
import { clientFor, newKey } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// The MCP endpoint over real HTTP with the official SDK's client: tools generated from the contract,
// each call the same operation as the REST API with the same key; stateless (raw JSON-RPC needs no
// session); a bad key is 401, a live key refused unless the operator allows it.

let test: TestGateway;
const clients: Client[] = [];

beforeAll(async () => {
  test = await startTestGateway();
});
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await test?.stop();
});

async function connect(key: string, baseUrl = test.baseUrl): Promise<Client> {
  const client = new Client({ name: 'cairn-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A JSON-RPC POST as curl would send it: no session, no MCP client. */
const rpc = (key: string | undefined, body: unknown, accept = 'application/json, text/event-stream') =>
  fetch(`${test.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept,
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body),
  });

describe('the MCP endpoint', () => {
  it('lists a tool per route of the contract, each with input and output schemas', async () => {
    const client = await connect(test.apiKey);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'create_payment',
        'retrieve_payment',
        'list_payments',
        'cancel_payment',
        'retrieve_checkout',
        'select_chain',
        'accept_shortfall',
        'record_refund',
        'create_invoice',
        'send_invoice',
        'list_invoices',
        'create_payment_link',
        'list_payment_links',
        'list_events',
      ]),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const create = tools.find((t) => t.name === 'create_payment')!;
    expect(create.description).toContain('confirmed');
    expect(Object.keys(create.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['fiat_amount', 'fiat_currency', 'idempotency_key']),
    );
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(['fiat_amount', 'fiat_currency']));
  });

  it('creates a payment and reads it back: the same payment the REST API returns', async () => {
    const client = await connect(test.apiKey);
    const created = await client.callTool({
      name: 'create_payment',
      arguments: {
        fiat_amount: '12.00',
        fiat_currency: 'USD',
        order_id: 'mcp-1',
        idempotency_key: 'mcp-create-1',
      },
    });
    expect(created.isError).toBeFalsy();
    const payment = PaymentSchema.parse(created.structuredContent);
    expect(payment).toMatchObject({ fiat_amount: '12.00', order_id: 'mcp-1', status: 'pending' });
    // Retried with the same key: the same payment.
    const again = await client.callTool({
      name: 'create_payment',
      arguments: {
        fiat_amount: '12.00',
        fiat_currency: 'USD',
        order_id: 'mcp-1',
        idempotency_key: 'mcp-create-1',
      },
    });
    expect((again.structuredContent as { id: string }).id).toBe(payment.id);
    const read = await client.callTool({ name: 'retrieve_payment', arguments: { id: payment.id } });
    const rest = await clientFor(test.baseUrl, test.apiKey).get(`/payments/${payment.id}`);
    expect(read.structuredContent).toEqual(rest.body.data);
    const listed = await client.callTool({
      name: 'list_payments',
      arguments: { order_id: 'mcp-1', limit: 5 },
    });
    expect((listed.structuredContent as { data: { id: string }[] }).data.map((p) => p.id)).toEqual([
      payment.id,
    ]);
  });

  it('selects a chain (a body that is a union) and refuses an unknown argument instead of dropping it', async () => {
    const client = await connect(test.apiKey);
    const created = await client.callTool({
      name: 'create_payment',
      arguments: { fiat_amount: '9.00', fiat_currency: 'USD' },
    });
    const id = (created.structuredContent as { id: string }).id;
    const picked = await client.callTool({
      name: 'select_chain',
      arguments: { id, token: 'BTC_TESTNET:BTC' },
    });
    expect(picked.isError, JSON.stringify(picked.content)).toBeFalsy();
    expect(picked.structuredContent).toMatchObject({
      selected: { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC' },
    });
    const typo = await client.callTool({
      name: 'create_payment',
      arguments: { fiat_amount: '9.00', fiat_currency: 'USD', restrict_to_acepted: true },
    });
    expect(typo.isError).toBe(true);
    expect(JSON.stringify(typo.content)).toContain('restrict_to_acepted');
  });

  it('a refused call is a tool error carrying the API code', async () => {
    const client = await connect(test.apiKey);
    const refused = await client.callTool({
      name: 'create_payment',
      arguments: { fiat_amount: '12.00', fiat_currency: 'USD', restrict_to_accepted: true },
    });
    expect(refused.isError).toBe(true);
    const text = (refused.content as { type: string; text: string }[])[0]!.text;
    expect(JSON.parse(text).error.code).toBe('RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST');
    const missing = await client.callTool({
      name: 'retrieve_payment',
      arguments: { id: '5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a' },
    });
    expect(missing.isError).toBe(true);
    expect(JSON.parse((missing.content as { text: string }[])[0]!.text).error.code).toBe('NOT_FOUND');
  });

  it('needs no session: raw JSON-RPC initialize and tools/list each stand alone', async () => {
    const init = await rpc(test.apiKey, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(init.headers.get('content-type')).toMatch(/^application\/json/);
    const initBody = (await init.json()) as { result: { serverInfo: { name: string } } };
    expect(initBody.result.serverInfo.name).toBe('cairn');
    const list = await rpc(test.apiKey, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    expect(list.status).toBe(200);
    const listBody = (await list.json()) as { result: { tools: unknown[] } };
    expect(listBody.result.tools.length).toBeGreaterThan(10);
    expect(
      (await fetch(`${test.baseUrl}/mcp`, { headers: { authorization: `Bearer ${test.apiKey}` } })).status,
    ).toBe(405);
  });

  it('a missing or wrong key is 401, a live key is refused (403 LIVE_KEY_NOT_ALLOWED)', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const none = await rpc(undefined, ping);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    expect((await rpc('pk_test_not-a-real-key', ping)).status).toBe(401);
    const live = await rpc(test.liveKey, ping);
    expect(live.status).toBe(403);
    const body = (await live.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('LIVE_KEY_NOT_ALLOWED');
    expect(body.error.message).toContain('CAIRN_MCP_ALLOW_LIVE');
  });

  it("a revoked key is 401 and a key's IP allowlist applies, as on the API", async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const revoked = await newKey(test);
    expect((await rpc(revoked.key, ping)).status).toBe(200);
    await revokeApiKey(test.running.gateway.orm.em.fork(), test.running.gateway.clock, revoked.id);
    expect((await rpc(revoked.key, ping)).status).toBe(401);
    const elsewhere = await newKey(test, { allowedIps: ['203.0.113.7'] });
    const refused = await rpc(elsewhere.key, ping);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('IP_NOT_ALLOWED');
  });

  it('refuses JSON-RPC batches (one message per request, so each counts against the rate limit)', async () => {
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'create_payment', arguments: { fiat_amount: '1.00', fiat_currency: 'USD' } },
    });
    const batch = await rpc(test.apiKey, [call(1), call(2)]);
    expect(batch.status).toBe(400);
    const body = (await batch.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain('batches are not supported');
  });

  it("the MCP request's own Idempotency-Key header is not a tool call's: only idempotency_key is", async () => {
    const headers = {
      authorization: `Bearer ${test.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'idempotency-key': 'outer-header-key',
    };
    const create = (id: number) =>
      fetch(`${test.baseUrl}/mcp`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'create_payment', arguments: { fiat_amount: '3.00', fiat_currency: 'USD' } },
        }),
      }).then(
        async (r) => (await r.json()) as { result: { isError?: boolean; structuredContent: { id: string } } },
      );
    const first = await create(1);
    const second = await create(2);
    expect(first.result.isError).toBeFalsy();
    expect(second.result.isError).toBeFalsy();
    // Two payments: the header did not make the second a replay of the first.
    expect(second.result.structuredContent.id).not.toBe(first.result.structuredContent.id);
    // A NUL in the argument is the API's 422, not a database error.
    const client = await connect(test.apiKey);
    const nul = await client.callTool({
      name: 'create_payment',
      arguments: { fiat_amount: '3.00', fiat_currency: 'USD', idempotency_key: 'a\u0000b' },
    });
    expect(nul.isError).toBe(true);
    expect(JSON.parse((nul.content as { text: string }[])[0]!.text).error.code).toBe('VALIDATION_ERROR');
  });

  it('wrong keys spend the failed-authentication budget: past it, 429 with Retry-After', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 60 && !limited; i++) {
      const response = await rpc(`pk_test_wrong-${i}`, ping);
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    expect(limited, `statuses: ${statuses.join(',')}`).toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
  });

  it("counts MCP requests against the key's rate limit", async () => {
    const limited = await startTestGateway({ env: { CAIRN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${limited.baseUrl}/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${limited.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list', params: {} }),
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(((await response.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
        } else await response.text();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });

  it('lets live keys in when the operator allows it', async () => {
    const allowing = await startTestGateway({ env: { CAIRN_MCP_ALLOW_LIVE: 'true' } });
    try {
      const client = await connect(allowing.liveKey, allowing.baseUrl);
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(10);
      const listed = await client.callTool({ name: 'list_payments', arguments: {} });
      expect(listed.isError).toBeFalsy();
      await client.close();
    } finally {
      await allowing.stop();
    }
  });
});
