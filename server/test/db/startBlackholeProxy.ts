import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy on loopback in front of a PostgreSQL server, which a test can turn into a black hole: a
 * database host that is gone without refusing anything.
 */
export interface BlackholeProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /**
   * Cuts every open connection (both sides) and from now on accepts new connections without ever
   * answering or forwarding them: a connect attempt waits until the client gives up.
   */
  blackhole(): void;
  /** Forwards new connections again; the connections held in the black hole are closed. */
  heal(): void;
  /** Connections held in the black hole right now. */
  readonly held: number;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port that forwards to `target` (host and port). */
export async function startBlackholeProxy(target: { host: string; port: number }): Promise<BlackholeProxy> {
  const pairs = new Set<[Socket, Socket]>();
  const held = new Set<Socket>();
  let dark = false;
  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (dark) {
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = tcpConnect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    blackhole() {
      dark = true;
      for (const [client, upstream] of [...pairs]) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    heal() {
      dark = false;
      for (const socket of [...held]) socket.destroy();
      held.clear();
    },
    get held() {
      return held.size;
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
