import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonRpcClient, JsonRpcError, JsonRpcTransportError } from './JsonRpcClient.js';

// Bitcoin Core's JSON-RPC over a local HTTP server answering as bitcoind does (errors as HTTP 500
// with a JSON-RPC body, 401 with an empty body for bad credentials, batches as arrays).

interface Seen {
  authorization: string | undefined;
  path: string;
  body: unknown;
}

describe('JsonRpcClient', () => {
  const seen: Seen[] = [];
  let url: string;
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text);
      seen.push({ authorization: req.headers.authorization, path: req.url ?? '', body });
      if (req.headers.authorization !== `Basic ${Buffer.from('alice:s3cr3t:x').toString('base64')}`) {
        res.writeHead(401).end();
        return;
      }
      const answer = (call: { id: number; method: string; params: unknown[] }) =>
        call.method === 'getblockcount'
          ? { result: 102, error: null, id: call.id }
          : call.method === 'getrawtransaction'
            ? call.params[0] === 'good'
              ? { result: { txid: 'good', vout: [{ value: 0.1, n: 0 }] }, error: null, id: call.id }
              : { result: null, error: { code: -5, message: 'No such mempool transaction' }, id: call.id }
            : { result: null, error: { code: -32601, message: 'Method not found' }, id: call.id };
      if (Array.isArray(body)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body.map(answer)));
        return;
      }
      const reply = answer(body);
      res.writeHead(reply.error ? (reply.error.code === -32601 ? 404 : 500) : 200, {
        'content-type': 'application/json',
      });
      // Amounts go out as bitcoind prints them: bare numbers with 8 decimals.
      res.end(JSON.stringify(reply).replace('"value":0.1', '"value":0.10000000'));
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://alice:${encodeURIComponent('s3cr3t:x')}@127.0.0.1:${(server.address() as AddressInfo).port}/wallet/w1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends credentials from the URL as Basic auth, never in the URL, and keeps the wallet path', async () => {
    const client = new JsonRpcClient(url);
    expect(await client.call('getblockcount')).toBe(102);
    expect(seen.at(-1)!.path).toBe('/wallet/w1');
    expect(seen.at(-1)!.body).toMatchObject({ jsonrpc: '1.0', method: 'getblockcount', params: [] });
    expect(client.displayUrl).not.toContain('s3cr3t');
  });

  it('answers exact amounts as strings and node errors with their code', async () => {
    const client = new JsonRpcClient(url);
    expect(await client.call('getrawtransaction', ['good', true])).toEqual({
      txid: 'good',
      vout: [{ value: '0.10000000', n: 0 }],
    });
    const error = await client.call('getrawtransaction', ['gone', true]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ rpcCode: -5, method: 'getrawtransaction' });
    await expect(client.call('nope')).rejects.toMatchObject({ rpcCode: -32601 });
  });

  it('batches calls in one request, each answer a result or its error', async () => {
    const client = new JsonRpcClient(url);
    const before = seen.length;
    const answers = await client.batch([
      { method: 'getrawtransaction', params: ['good', true] },
      { method: 'getrawtransaction', params: ['gone', true] },
      { method: 'getblockcount' },
    ]);
    expect(seen.length - before).toBe(1);
    expect(answers.map((a) => a.ok)).toEqual([true, false, true]);
    expect(answers[2]).toEqual({ ok: true, result: 102 });
    expect(await client.batch([])).toEqual([]);
  });

  it('names refused credentials and unreachable nodes without leaking the password', async () => {
    const wrong = new JsonRpcClient(url.replace(encodeURIComponent('s3cr3t:x'), 'nope'));
    const refused = await wrong.call('getblockcount').catch((e: unknown) => e as Error);
    expect(refused).toBeInstanceOf(JsonRpcTransportError);
    expect((refused as Error).message).toMatch(/refused the credentials \(HTTP 401\)/);
    expect((refused as Error).message).not.toMatch(/nope|alice/);
    const down = new JsonRpcClient('http://bob:pw@127.0.0.1:1', { timeoutMs: 2000 });
    await expect(down.call('getblockcount')).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1:1\//);
    expect(() => new JsonRpcClient('ftp://x')).toThrow(/http or https/);
  });
});
