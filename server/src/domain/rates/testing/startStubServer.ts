import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a stub answers one request. */
export interface StubAnswer {
  readonly status?: number;
  /** A string is sent as is; anything else is JSON-encoded. */
  readonly body?: unknown;
  /** Wait this long before answering. */
  readonly delayMs?: number;
}

/** A local HTTP server for rate-source tests. */
export interface StubServer {
  /** Origin, e.g. `http://127.0.0.1:54321`. */
  readonly url: string;
  /** Path and query of every request received, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * Starts a node:http server on 127.0.0.1 whose answers come from `answer(pathAndQuery)`. Test-only.
 */
export async function startStubServer(
  answer: (path: string, req: IncomingMessage) => StubAnswer,
): Promise<StubServer> {
  const requests: string[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    const { status = 200, body = '', delayMs = 0 } = answer(path, req);
    const send = () => {
      if (res.destroyed) return;
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
    };
    if (delayMs <= 0) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
