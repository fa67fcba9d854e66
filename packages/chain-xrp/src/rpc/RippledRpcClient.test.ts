import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RippledRpcClient, RippledRpcError, RippledTransportError } from './RippledRpcClient.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A one-handler HTTP server on 127.0.0.1; returns its URL. */
async function serve(
  handler: (req: IncomingMessage, body: string, res: ServerResponse) => void,
): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const json = (res: ServerResponse, body: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('RippledRpcClient', () => {
  it('posts {method, params:[{..., api_version: 2}]} and returns result', async () => {
    let seen: unknown;
    const url = await serve((_req, body, res) => {
      seen = JSON.parse(body);
      json(res, { result: { ledger_index: 7, status: 'success' } });
    });
    const result = await new RippledRpcClient(url).call<{ ledger_index: number }>('ledger', {
      ledger_index: 'validated',
    });
    expect(result.ledger_index).toBe(7);
    expect(seen).toEqual({ method: 'ledger', params: [{ ledger_index: 'validated', api_version: 2 }] });
  });

  it('raises RippledRpcError for an error answer (the documented format)', async () => {
    const url = await serve((_req, _body, res) =>
      json(res, {
        result: {
          error: 'lgrNotFound',
          error_code: 21,
          error_message: 'ledgerNotFound',
          status: 'error',
          request: {},
        },
      }),
    );
    const error = await new RippledRpcClient(url).call('ledger', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RippledRpcError);
    expect(error).toMatchObject({
      rpcError: 'lgrNotFound',
      rpcErrorMessage: 'ledgerNotFound',
      method: 'ledger',
    });
  });

  it('raises RippledTransportError for HTTP errors, non-JSON and answers without result', async () => {
    let mode = 0;
    const url = await serve((_req, _body, res) => {
      if (mode === 0) res.writeHead(503).end('Server is overloaded');
      else if (mode === 1) res.writeHead(200).end('<html>');
      else json(res, { jsonrpc: '2.0' });
    });
    const client = new RippledRpcClient(url);
    await expect(client.call('ledger')).rejects.toMatchObject({ failure: 'http-status', httpStatus: 503 });
    mode = 1;
    await expect(client.call('ledger')).rejects.toMatchObject({ failure: 'not-json' });
    mode = 2;
    await expect(client.call('ledger')).rejects.toMatchObject({ failure: 'unexpected-answer' });
  });

  it('times out a server that does not answer', async () => {
    const url = await serve(() => undefined);
    await expect(new RippledRpcClient(url, { timeoutMs: 100 }).call('ledger')).rejects.toMatchObject({
      failure: 'timeout',
    });
  });

  it('sends URL credentials as basic auth and never shows them', async () => {
    let authorization: string | undefined;
    const url = await serve((req, _body, res) => {
      authorization = req.headers.authorization;
      res.writeHead(401).end('no');
    });
    const withCredentials = url.replace('http://', 'http://cairn:s%40cret@');
    const error = (await new RippledRpcClient(withCredentials)
      .call('ledger')
      .catch((e: unknown) => e)) as Error;
    expect(authorization).toBe(`Basic ${Buffer.from('cairn:s@cret').toString('base64')}`);
    expect(error).toBeInstanceOf(RippledTransportError);
    expect(error.message).not.toContain('cret');
    expect(() => new RippledRpcClient('wss://s.altnet.rippletest.net:51233')).toThrow(/must be http/);
    expect(() => new RippledRpcClient('not a url')).toThrow(RippledTransportError);
    expect(() => new RippledRpcClient('http://user:%E0%A4%A@127.0.0.1:5005/')).toThrow(
      /not valid percent-encoding/,
    );
  });

  it('reports a refused connection as unreachable', async () => {
    const url = await serve(() => undefined);
    await close?.();
    close = undefined;
    await expect(new RippledRpcClient(url).call('ledger')).rejects.toMatchObject({ failure: 'unreachable' });
  });
});
