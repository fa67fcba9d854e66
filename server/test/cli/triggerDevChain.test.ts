import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anvilAvailable } from '@cairn/anvil-node';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { runCli as runCliInProcess } from '../../src/surfaces/cli/runCli.js';
import type { CliRuntime } from '../../src/surfaces/cli/runtime/CliRuntime.js';
import { assertCompiled, type RunningCli, runCli, startCli } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { waitUntil } from '../harness/waitUntil.js';
import { TEST_MASTER_KEY } from '../webhooks/webhookHarness.js';

// `cairn trigger payment.confirmed | payment.underpaid | payment.overpaid` (docs/operating/cli.md,
// trigger) against a gateway `cairn start` runs with its local dev chain (anvil): the dev chain's test
// wallet pays exact, half and 10 % over, and the watcher brings each payment where the event is sent.

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
    }, 180_000);
    afterAll(async () => {
      await gateway?.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
    });

    it.each([
      [
        'payment.confirmed',
        'confirmed',
        ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'],
      ],
      ['payment.underpaid', 'underpaid', ['payment.awaiting', 'payment.detected', 'payment.underpaid']],
      ['payment.overpaid', 'confirmed', ['payment.confirmed', 'payment.overpaid']],
    ])(
      '%s: the test wallet pays, the payment ends %s with its events printed',
      { timeout: 120_000 },
      async (event, status, events) => {
        log = vi.spyOn(console, 'log').mockImplementation(() => {});
        error = vi.spyOn(console, 'error').mockImplementation(() => {});
        // The dev chain is found as the gateway recorded it in its data directory.
        vi.stubEnv('CAIRN_DATA_DIR', dataDir);
        const code = await runCliInProcess(
          ['trigger', event, '--api-key', apiKey, '--base-url', gateway.url],
          untouchable,
        );
        expect(code, printed(error)).toBe(0);
        const lines = printed(log)
          .split('\n')
          .map((line) => line.split(/\s+/));
        expect(lines[0]).toEqual(['payment', expect.any(String), status]);
        const names = lines.filter((l) => l[0] === 'event').map((l) => l[1]);
        expect(names).toEqual(expect.arrayContaining(events));
        if (event !== 'payment.overpaid') expect(names).not.toContain('payment.overpaid');
      },
    );
  },
);
