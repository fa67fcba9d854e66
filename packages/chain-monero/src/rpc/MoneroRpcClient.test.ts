import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneroRpcClient, MoneroRpcError, MoneroRpcTransportError } from './MoneroRpcClient.js';

// A local HTTP server answering as monerod 0.18 does (observed here): JSON-RPC errors with HTTP 200
// and an error object, pretty-printed bodies, 404 with an empty body for an unknown endpoint, 400 for
// a body it cannot read, plain endpoints with a `status` field. The real node is exercised by
// server/test/harness/startMonero.test.ts.

describe('MoneroRpcClient', () => {
  const bodies: string[] = [];
  let url: string;
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      bodies.push(text);
      const json = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      };
      if (req.url === '/json_rpc') {
        const call = JSON.parse(text) as { id: number; method: string };
        if (call.method === 'get_balance') {
          json(
            200,
            `{\n  "id": ${call.id},\n  "jsonrpc": "2.0",\n  "result": {\n    "balance": 9007199254740993,\n    "blocks_to_unlock": 59\n  }\n}`,
          );
        } else if (call.method === 'transfer') {
          json(200, `{"id":${call.id},"jsonrpc":"2.0","result":{"tx_hash":"ab"}}`);
        } else if (call.method === 'slow') {
          setTimeout(() => json(200, '{}'), 2_000);
        } else if (call.method === 'html') {
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy error</html>');
        } else {
          json(
            200,
            `{\n  "error": {\n    "code": -32601,\n    "message": "Method not found"\n  },\n  "id": "0",\n  "jsonrpc": "2.0"\n}`,
          );
        }
      } else if (req.url === '/get_transactions') {
        json(
          200,
          '{"credits": 0, "status": "Failed to parse hex representation of transaction hash", "untrusted": false}',
        );
      } else if (req.url === '/get_transaction_pool_hashes') {
        json(200, '{"credits": 0, "status": "OK", "tx_hashes": ["aa"]}');
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end();
      }
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('calls JSON-RPC 2.0 at /json_rpc and keeps amounts above 2^53 exact', async () => {
    const client = new MoneroRpcClient(url);
    expect(client.url).toBe(url.replace(/\/$/, ''));
    const balance = await client.call<{ balance: string; blocks_to_unlock: number }>('get_balance', {
      account_index: 0,
    });
    expect(balance).toEqual({ balance: '9007199254740993', blocks_to_unlock: 59 });
    expect(JSON.parse(bodies.at(-1)!)).toMatchObject({ jsonrpc: '2.0', method: 'get_balance' });
  });

  it('sends bigint params as bare JSON integers', async () => {
    const client = new MoneroRpcClient(url);
    await client.call('transfer', { destinations: [{ address: '4x', amount: 18446744073709551615n }] });
    expect(bodies.at(-1)).toContain('"amount":18446744073709551615}');
  });

  it('raises an error object as MoneroRpcError with its code and method', async () => {
    const error = await new MoneroRpcClient(url).call('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MoneroRpcError);
    expect(error).toMatchObject({ method: 'nope', rpcCode: -32601, rpcMessage: 'Method not found' });
    expect((error as Error).message).toBe('nope: Method not found (Monero RPC error -32601)');
  });

  it('posts to plain endpoints and raises a status other than OK', async () => {
    const client = new MoneroRpcClient(url);
    expect(await client.post('/get_transaction_pool_hashes')).toMatchObject({ tx_hashes: ['aa'] });
    await expect(client.post('/get_transactions', { txs_hashes: ['zz'] })).rejects.toMatchObject({
      name: 'MoneroRpcError',
      method: '/get_transactions',
      rpcCode: 0,
      rpcMessage: 'Failed to parse hex representation of transaction hash',
    });
  });

  it('raises transport failures by kind: HTTP status, not JSON, timeout, unreachable, bad URL', async () => {
    const client = new MoneroRpcClient(url);
    const missing = await client.post('/get_transaction_pool_hashes.nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(MoneroRpcTransportError);
    expect(missing).toMatchObject({ failure: 'http-status', httpStatus: 404 });
    await expect(client.call('html')).rejects.toMatchObject({ failure: 'not-json', httpStatus: 200 });
    await expect(client.call('slow', {}, { timeoutMs: 100 })).rejects.toMatchObject({
      failure: 'timeout',
      message: expect.stringMatching(/did not answer within 100 ms/),
    });
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(new MoneroRpcClient(`http://127.0.0.1:${port}`).call('get_info')).rejects.toMatchObject({
      failure: 'unreachable',
      message: `get_info: cannot reach http://127.0.0.1:${port}: ECONNREFUSED`,
    });
    expect(() => new MoneroRpcClient('ftp://x')).toThrow(/http or https/);
    // Credentials are the Digest login (digestLogin.walletRpc.test.ts), never part of `url`.
    expect(new MoneroRpcClient('http://u:p%40ss@127.0.0.1:1').url).toBe('http://127.0.0.1:1');
  });
});
