import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anvilAvailable } from '@cairn/anvil-node';
import type { WebhookEvent } from '@cairn/contract';
import { createPublicClient, type Hex, http } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { readDevChainRecord } from '../../src/chains/devChain/devChainRecord.js';
import { DEV_REFUND_WALLET, DEV_TEST_WALLET } from '../../src/chains/devChain/withDevChain.js';
import { runCli as runCliInProcess } from '../../src/surfaces/cli/runCli.js';
import type { CliRuntime } from '../../src/surfaces/cli/runtime/CliRuntime.js';
import { assertCompiled, type RunningCli, runCli, startCli } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { exited, startListen, startReceiver } from '../harness/listenHarness.js';
import { waitUntil } from '../harness/waitUntil.js';
import { TEST_MASTER_KEY } from '../webhooks/webhookHarness.js';

// `cairn trigger <event>` for every event of docs/operating/cli.md, trigger, against one gateway that
// `cairn start` runs with its local dev chain (anvil): the dev chain's test wallet pays exact, half and
// 10 % over, the watcher brings each payment where the event is sent, the customer asks a refund on the
// checkout, the refund is sent on the dev chain and recorded, an invoice is paid. Each event is then
// looked up again through the events API, and observed by `cairn listen` (docs/listen.md), which runs
// beside them for the whole file and forwards every event to a receiver that verifies its signature.

/** trigger boots nothing itself: it only calls the gateway's API and the dev chain. */
const untouchable: CliRuntime = {
  startGateway: () => Promise.reject(new Error('startGateway called')),
  bootOperatorGateway: () => Promise.reject(new Error('bootOperatorGateway called')),
  migrateDatabase: () => Promise.reject(new Error('migrateDatabase called')),
};

describe.runIf(anvilAvailable('cairn trigger on the dev chain'))(
  'cairn trigger paying on the dev chain',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let dataDir: string;
    let gateway: RunningCli;
    let env: Record<string, string>;
    let apiKey: string;
    let log: MockInstance<typeof console.log>;
    let error: MockInstance<typeof console.error>;
    let secret = '';
    const receiver = startReceiver(() => secret);
    let listen: ReturnType<typeof startListen> | undefined;
    const printed = (spy: MockInstance<(...args: unknown[]) => void>) =>
      spy.mock.calls.map((call) => call.join(' ')).join('\n');

    beforeAll(async () => {
      assertCompiled();
      database = await createTestDatabase();
      dataDir = mkdtempSync(join(tmpdir(), 'cairn-trigger-devchain-'));
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
      const { port } = receiver.server.address() as { port: number };
      const started = startListen([
        '--forward-to',
        `http://127.0.0.1:${port}/webhooks`,
        '--api-key',
        apiKey,
        '--base-url',
        gateway.url,
      ]);
      listen = started;
      await waitUntil(() => started.out().includes('Ready'), 'cairn listen ready', 30_000);
      secret = /Signing secret: (whsec_\S+)/.exec(started.out())![1]!;
    }, 180_000);
    afterAll(async () => {
      if (listen && listen.child.exitCode === null) {
        listen.child.kill('SIGINT');
        await exited(listen.child);
      }
      receiver.server.close();
      await gateway?.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
    });

    /** The events API's answer for one payment or invoice (newest first), read with the test key. */
    const eventsOf = async (filter: string): Promise<WebhookEvent[]> => {
      const response = await fetch(`${gateway.url}/api/v1/events?${filter}&limit=100`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: WebhookEvent[] }).data;
    };

    /** Waits until `cairn listen` forwarded this event and the receiver verified its signature. */
    const observedByListen = async (event: WebhookEvent | undefined) => {
      expect(event).toBeDefined();
      await waitUntil(
        () => receiver.received.some((r) => r.id === event!.id),
        `${event!.event} ${event!.id} forwarded by cairn listen`,
        30_000,
      );
      expect(receiver.received.find((r) => r.id === event!.id)).toMatchObject({
        event: event!.event,
        verified: true,
      });
    };

    /** The payment a payment.* event carries. */
    const paymentOf = (event: WebhookEvent | undefined) =>
      (event?.data as { payment?: { id: string; refund_address: string | null } } | undefined)?.payment;

    /** Runs the trigger in process; resolves with its printed lines, split in words. */
    const trigger = async (event: string): Promise<string[][]> => {
      log = vi.spyOn(console, 'log').mockImplementation(() => {});
      error = vi.spyOn(console, 'error').mockImplementation(() => {});
      // The dev chain is found as the gateway recorded it in its data directory.
      vi.stubEnv('CAIRN_DATA_DIR', dataDir);
      const code = await runCliInProcess(
        ['trigger', event, '--api-key', apiKey, '--base-url', gateway.url],
        untouchable,
      );
      expect(code, printed(error)).toBe(0);
      return printed(log)
        .split('\n')
        .map((line) => line.split(/\s+/));
    };

    it.each([
      [
        'payment.detected',
        ['payment_detected', 'confirming', 'confirmed'],
        ['payment.awaiting', 'payment.detected'],
      ],
      [
        'payment.confirming',
        ['confirming', 'confirmed'],
        ['payment.awaiting', 'payment.detected', 'payment.confirming'],
      ],
      [
        'payment.confirmed',
        ['confirmed'],
        ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'],
      ],
      ['payment.underpaid', ['underpaid'], ['payment.awaiting', 'payment.detected', 'payment.underpaid']],
      ['payment.overpaid', ['confirmed'], ['payment.confirmed', 'payment.overpaid']],
      ['payment.refund_requested', ['refund_requested'], ['payment.underpaid', 'payment.refund_requested']],
      [
        'payment.refunded',
        ['refunded'],
        ['payment.underpaid', 'payment.refund_requested', 'payment.refunded'],
      ],
    ])(
      '%s: the test wallet pays, the payment ends %j with its events printed and in the events API',
      { timeout: 120_000 },
      async (event, statuses, events) => {
        const lines = await trigger(event);
        expect(lines[0]).toEqual(['payment', expect.any(String), expect.any(String)]);
        const [, paymentId, status] = lines[0]!;
        expect(statuses).toContain(status);
        const names = lines.filter((l) => l[0] === 'event').map((l) => l[1]);
        expect(names).toEqual(expect.arrayContaining(events));
        if (event !== 'payment.overpaid') expect(names).not.toContain('payment.overpaid');
        const listed = await eventsOf(`payment_id=${paymentId}`);
        expect(listed.map((e) => e.event)).toEqual(expect.arrayContaining(events));
        const produced = listed.find((e) => e.event === event);
        expect(paymentOf(produced)?.id).toBe(paymentId);
        await observedByListen(produced);
        if (event === 'payment.refund_requested') {
          // The customer asked on the checkout to be refunded to the address the test wallet paid from.
          expect(paymentOf(produced)?.refund_address?.toLowerCase()).toBe(
            DEV_TEST_WALLET.address.toLowerCase(),
          );
        }
      },
    );

    it.each([
      ['payment.awaiting', 'awaiting_payment'],
      ['payment.cancelled', 'cancelled'],
      ['payment.expired', 'expired'],
    ])(
      '%s without paying: the payment ends %s, the event is in the events API and reaches cairn listen',
      {
        timeout: 60_000,
      },
      async (event, status) => {
        const lines = await trigger(event);
        expect(lines[0]).toEqual(['payment', expect.any(String), status]);
        const listed = await eventsOf(`payment_id=${lines[0]![1]}`);
        await observedByListen(listed.find((e) => e.event === event));
      },
    );

    it('payment.refunded: the recorded refund is a transaction mined on the dev chain, back to the customer', {
      timeout: 120_000,
    }, async () => {
      const lines = await trigger('payment.refunded');
      const paymentId = lines[0]![1]!;
      const txId = lines.find((l) => l[0] === 'refund')?.[1];
      expect(txId).toMatch(/^0x[0-9a-f]{64}$/);
      const payment = (await (
        await fetch(`${gateway.url}/api/v1/payments/${paymentId}`, {
          headers: { authorization: `Bearer ${apiKey}` },
        })
      ).json()) as { data: { amount_received: string; refunds: { tx_id: string; amount: string }[] } };
      expect(payment.data.refunds).toEqual([
        expect.objectContaining({ tx_id: txId, amount: payment.data.amount_received }),
      ]);
      const record = readDevChainRecord(dataDir)!;
      const chain = createPublicClient({ transport: http(record.rpc_url) });
      const receipt = await chain.getTransactionReceipt({ hash: txId as Hex });
      expect(receipt.status).toBe('success');
      expect(receipt.from.toLowerCase()).toBe(DEV_REFUND_WALLET.address.toLowerCase());
      expect(receipt.to?.toLowerCase()).toBe(DEV_TEST_WALLET.address.toLowerCase());
      const sent = await chain.getTransaction({ hash: txId as Hex });
      expect(sent.value).toBe(BigInt(payment.data.amount_received));
    });

    it('invoice.paid: an invoice is created, sent, paid exactly through its page; it ends paid', {
      timeout: 120_000,
    }, async () => {
      const lines = await trigger('invoice.paid');
      const [, paymentId, status] = lines[0]!;
      expect(status).toBe('confirmed');
      const invoiceLine = lines.find((l) => l[0] === 'invoice');
      expect(invoiceLine).toEqual(['invoice', expect.stringMatching(/^[0-9a-f-]{36}$/), 'paid']);
      expect(lines.find((l) => l[0] === 'page')?.[1]).toMatch(new RegExp(`/invoices/${invoiceLine![1]}$`));
      const names = lines.filter((l) => l[0] === 'event').map((l) => l[1]);
      expect(names).toEqual(expect.arrayContaining(['invoice.sent', 'payment.confirmed', 'invoice.paid']));
      const listed = await eventsOf(`invoice_id=${invoiceLine![1]}`);
      const paid = listed.find((e) => e.event === 'invoice.paid');
      expect(paid).toBeDefined();
      await observedByListen(paid);
      expect(paymentOf(listed.find((e) => e.event === 'payment.confirmed'))?.id).toBe(paymentId);
    });

    it('cairn listen forwarded every event of the file once, each verified', () => {
      expect(receiver.received.length).toBeGreaterThan(0);
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(receiver.received.length);
    });
  },
);
