import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anvilAvailable } from '@cairn/anvil-node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli as runCliInProcess } from '../../src/surfaces/cli/runCli.js';
import type { CliRuntime } from '../../src/surfaces/cli/runtime/CliRuntime.js';
import { assertCompiled, type RunningCli, runCli, startCli } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { freePort } from '../harness/freePort.js';
import { exited, startListen, startReceiver } from '../harness/listenHarness.js';
import { waitUntil } from '../harness/waitUntil.js';
import { TEST_MASTER_KEY } from '../webhooks/webhookHarness.js';

// `cairn listen` (docs/listen.md) against a gateway `cairn start` runs with its dev chain: events
// reach a local receiver that verifies them with @cairn/webhook-verifier and the printed secret; a
// TCP proxy between listen and the gateway is cut and reopened, and the events produced meanwhile
// arrive after, none missed and none twice.

const untouchable: CliRuntime = {
  startGateway: () => Promise.reject(new Error('startGateway called')),
  bootOperatorGateway: () => Promise.reject(new Error('bootOperatorGateway called')),
  migrateDatabase: () => Promise.reject(new Error('migrateDatabase called')),
};

/** A TCP proxy to `target` on `port` that the test can cut (every connection dropped) and reopen. */
function tcpProxy(port: number, target: URL) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  return {
    url: `http://127.0.0.1:${port}`,
    open: () =>
      new Promise<void>((resolve) => {
        server = createTcpServer((client) => {
          const upstream = connect(Number(target.port), target.hostname);
          sockets.add(client).add(upstream);
          client.pipe(upstream).pipe(client);
          const close = () => {
            client.destroy();
            upstream.destroy();
            sockets.delete(client);
            sockets.delete(upstream);
          };
          client.on('error', close).on('close', close);
          upstream.on('error', close).on('close', close);
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        server?.close(() => resolve());
      }),
  };
}

describe('cairn listen without a gateway', () => {
  beforeAll(() => assertCompiled());

  it('refuses a live key with one clear line unless --live is given', async () => {
    const result = await runCli([
      'listen',
      '--forward-to',
      'http://127.0.0.1:9/hooks',
      '--api-key',
      `pk_live_${'a'.repeat(43)}`,
      '--base-url',
      'http://127.0.0.1:9',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Refusing a live key: pass --live to forward real payments’ events, or use a pk_test_ key.',
    ]);
    expect(result.stdout).toBe('');
  });

  it('needs a forward target', async () => {
    const result = await runCli(['listen', '--api-key', `pk_test_${'a'.repeat(43)}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('listen needs --forward-to');
  });
});

describe.runIf(anvilAvailable('cairn listen on the dev chain'))(
  'cairn listen against a running gateway',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let dataDir: string;
    let gateway: RunningCli;
    let env: Record<string, string>;
    let apiKey: string;
    let secret = '';
    const receiver = startReceiver(() => secret);
    let receiverUrl: string;
    let proxy: ReturnType<typeof tcpProxy>;
    let listen: ReturnType<typeof startListen> | undefined;

    /** Runs `cairn trigger <event>` in process against the gateway (directly, not through the proxy). */
    async function trigger(event: string): Promise<string> {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.stubEnv('CAIRN_DATA_DIR', dataDir);
      const code = await runCliInProcess(
        ['trigger', event, '--api-key', apiKey, '--base-url', gateway.url],
        untouchable,
      );
      const printed = log.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(code, error.mock.calls.join('\n')).toBe(0);
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
      // The first line: `payment <id> <status>`.
      return printed.split('\n')[0]!.split(/\s+/)[1]!;
    }

    beforeAll(async () => {
      assertCompiled();
      database = await createTestDatabase();
      dataDir = mkdtempSync(join(tmpdir(), 'cairn-listen-'));
      env = { DATABASE_URL: database.url, CAIRN_DATA_DIR: dataDir, CAIRN_MASTER_KEY: TEST_MASTER_KEY };
      gateway = await startCli({ env });
      const seeded = await runCli(['dev:seed', '--json'], { env });
      expect(seeded.code, seeded.stderr).toBe(0);
      apiKey = (JSON.parse(seeded.stdout) as { api_key: string }).api_key;
      await waitUntil(
        async () => {
          const status = await runCli(['chains:status', '--json'], { env });
          const line = (
            JSON.parse(status.stdout) as {
              chain_id: string;
              offered: boolean;
              evm?: { wallets_onboarding: number };
            }[]
          ).find((l) => l.chain_id === 'ETH_LOCAL');
          return line?.offered === true && line.evm?.wallets_onboarding === 0;
        },
        'the ETH_LOCAL wallet onboarded (chains:status)',
        30_000,
      );
      await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', () => resolve()));
      const address = receiver.server.address() as { port: number };
      receiverUrl = `http://127.0.0.1:${address.port}/webhooks`;
      proxy = tcpProxy(await freePort(), new URL(gateway.url));
      await proxy.open();
    }, 180_000);
    afterAll(async () => {
      if (listen && listen.child.exitCode === null) {
        listen.child.kill('SIGINT');
        await exited(listen.child);
      }
      await proxy?.cut();
      receiver.server.close();
      await gateway?.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
    });

    it('forwards payment.confirmed verified by the webhook verifier, filters with --events, resumes after a cut, stops on Ctrl-C', {
      timeout: 240_000,
    }, async () => {
      listen = startListen([
        '--forward-to',
        receiverUrl,
        '--api-key',
        apiKey,
        '--base-url',
        proxy.url,
        '--events',
        'payment.confirmed,payment.cancel*',
      ]);
      const current = listen;
      await waitUntil(() => current.out().includes('Ready'), 'listen ready', 30_000);
      secret = /Signing secret: (whsec_\S+)/.exec(current.out())![1]!;

      const confirmed = await trigger('payment.confirmed');
      await waitUntil(
        () => receiver.received.some((r) => r.event === 'payment.confirmed'),
        'payment.confirmed forwarded',
        60_000,
      );
      // Verified with the printed secret; the line printed names the event, its id and the 204.
      const [first] = receiver.received;
      expect(first).toEqual({
        id: expect.stringMatching(/^evt_/),
        event: 'payment.confirmed',
        payment: confirmed,
        verified: true,
      });
      expect(current.out()).toMatch(new RegExp(`payment\\.confirmed\\s+${first!.id}\\s+-> 204 in \\d+ ms`));
      // --events: the awaiting/detected/confirming events of that payment were not forwarded.
      expect(receiver.received.map((r) => r.event)).toEqual(['payment.confirmed']);

      // Cut the way to the gateway; events made meanwhile arrive once it is back.
      await proxy.cut();
      await waitUntil(() => current.err().includes('Lost the gateway'), 'listen noticed the cut', 60_000);
      const whileCut = [await trigger('payment.cancelled'), await trigger('payment.cancelled')];
      expect(receiver.received).toHaveLength(1);
      await proxy.open();
      await waitUntil(() => receiver.received.length >= 3, 'the events made while cut', 60_000);
      const after = await trigger('payment.cancelled');
      await waitUntil(() => receiver.received.length >= 4, 'an event after the reconnect', 60_000);

      expect(receiver.received.every((r) => r.verified)).toBe(true);
      expect(receiver.received.map((r) => r.event)).toEqual([
        'payment.confirmed',
        'payment.cancelled',
        'payment.cancelled',
        'payment.cancelled',
      ]);
      // None twice.
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(4);
      // In order: the two made while cut, then the one after.
      expect(receiver.received.slice(1).map((r) => r.payment)).toEqual([...whileCut, after]);
      expect(current.err()).toContain('Reconnected');

      current.child.kill('SIGINT');
      expect(await exited(current.child)).toBe(0);
      expect(current.out()).toContain('Stopped.');
    });
  },
);
