/**
 * Benchmark child: a webhook receiver on loopback that answers every POST with 200 "ok" after reading
 * the body. Started by webhookDelivery.bench.ts; both the baseline and the gateway post to it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failChild, serveParent } from './support.js';

async function main(): Promise<void> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  serveParent(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}`, info: {} });
}

main().catch(failChild);
