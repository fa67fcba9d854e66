import { getChain } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/buildApp.js';
import { ChainWatcher, type WatcherStatus } from '../../src/chains/watchers/ChainWatcher.js';
import { readChainStatuses } from '../../src/chains/watchers/readChainStatuses.js';
import { startChainWatchers } from '../../src/chains/watchers/startChainWatchers.js';
import { createPaymentVia, expectError } from '../api/apiHelpers.js';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { type ChainScenario, startChainScenario } from './startChainScenario.js';

// Readiness that means it (issue 31, item 3), on a real litecoind -regtest and a moved clock: a chain
// is `ok` in /readyz only after its watcher's first successful sync and while it keeps syncing within
// the offline window; `syncing` and `failing` are distinct, and the offer to new payments, /metrics and
// `chains:status` say the same.

const CHAIN = 'LTC_REGTEST';
const STALL_MS = 120_000;
const OFFLINE_MS = 15_000;

describe.runIf(litecoindAvailable('watcher health'))('watcher health: /readyz, offers, metrics', () => {
  let s: ChainScenario;
  let app: FastifyInstance;
  /** The watchers /readyz reports, as startGateway would pass this instance's. */
  let reported: () => WatcherStatus[] = () => [];

  beforeAll(async () => {
    s = await startChainScenario();
    app = await buildApp(s.test.running.gateway, { chainWatchers: () => reported() });
  });
  afterAll(async () => {
    await app?.close();
    await s?.stop();
  });

  const readyz = async () => {
    const response = await app.inject('/readyz');
    return { status: response.statusCode, check: response.json().checks[`chain:${CHAIN}`] as string };
  };
  const offered = () => s.test.running.gateway.chainAvailability.isOffered(CHAIN);
  const cliLine = async () => {
    const { gateway } = s.test.running;
    const lines = await readChainStatuses(gateway.orm, gateway.config, gateway.chains, s.clock.now());
    return lines.find((l) => l.chain_id === CHAIN)!;
  };

  it('a watcher whose node fails from the start is syncing, then failing, and never ok', async () => {
    // A payment created while the chain was watched, picked later in the gap.
    const before = await createPaymentVia(s.client);
    expect(before.chain_options.map((o: { chain_id: string }) => o.chain_id)).toContain(CHAIN);
    // The scenario's own watcher stands aside: the failing one takes the chain, later than its last sync.
    await s.watcher.stop();
    await s.advance(1000);
    const { gateway } = s.test.running;
    const chain = getChain(CHAIN)!;
    const settings = gateway.config.chains[CHAIN]!;
    const observer = gateway.chains.get(CHAIN).adapter.createObserver!({
      chain,
      backend: { kind: 'json-rpc', url: 'http://user:pass@127.0.0.1:1/', timeoutMs: 2_000 },
    });
    const watcher = new ChainWatcher({
      gateway,
      chain,
      observer,
      databaseUrl: s.test.running.databaseUrl,
      pollMs: settings.pollMs,
      stallMs: STALL_MS,
    });
    reported = () => [watcher.status()];
    try {
      expect(await readyz()).toEqual({ status: 503, check: 'syncing' });
      // No half-offer in the gap: a payment created now leaves the chain out (picking it is
      // COIN_NOT_OFFERED), and one created before cannot pick it (the usual 503 CHAIN_UNAVAILABLE).
      const payment = await createPaymentVia(s.client);
      expect(payment.chain_options.map((o: { chain_id: string }) => o.chain_id)).not.toContain(CHAIN);
      expectError(
        await s.client.post(`/checkout/${payment.id}/select-chain`, { token: `${CHAIN}:LTC` }),
        'COIN_NOT_OFFERED',
      );
      expectError(
        await s.client.post(`/checkout/${before.id}/select-chain`, { token: `${CHAIN}:LTC` }),
        'CHAIN_UNAVAILABLE',
      );
      for (let i = 0; i < 3; i += 1) {
        await expect(watcher.syncOnce()).rejects.toThrow();
        const ready = await readyz();
        // Failing, not offered; the gateway stays ready (200) until the watcher is stalled.
        expect(ready.status).toBe(200);
        expect(ready.check).toMatch(/^failing: .*127\.0\.0\.1:1/);
        expect(watcher.status()).toMatchObject({ role: 'active', health: 'failing' });
        expect(offered()).toBe(false);
        await s.advance(OFFLINE_MS);
      }
      await s.advance(STALL_MS);
      await expect(watcher.syncOnce()).rejects.toThrow();
      const stalled = await readyz();
      expect(stalled.status).toBe(503);
      expect(stalled.check).toMatch(/^failing: /);
      expect(offered()).toBe(false);
    } finally {
      await watcher.stop();
    }
  });

  it('a watcher that synced turns failing once its node fails past the offline window, and ok once back', async () => {
    const registry = new Registry();
    const watchers = startChainWatchers(s.test.running.gateway, {
      databaseUrl: s.test.running.databaseUrl,
      autoStart: false,
      registry,
    });
    const watcher = watchers.watchers.find((w) => w.chainId === CHAIN)!;
    reported = () => [watcher.status()];
    const healthMetric = async () =>
      (await registry.getSingleMetricAsString('cairn_chain_watcher_health'))
        .split('\n')
        .filter((line) => line.startsWith('cairn_chain_watcher_health{') && line.endsWith(' 1'));
    try {
      await s.advance(1000);
      expect((await readyz()).check).toBe('syncing');
      expect(await healthMetric()).toEqual([
        `cairn_chain_watcher_health{chain="${CHAIN}",health="syncing"} 1`,
      ]);
      await watcher.syncOnce();
      expect(await readyz()).toEqual({ status: 200, check: 'ok' });
      expect(offered()).toBe(true);
      expect(await healthMetric()).toEqual([`cairn_chain_watcher_health{chain="${CHAIN}",health="ok"} 1`]);
      expect((await cliLine()).health).toBe('ok');

      await s.node.halt();
      // One failed sync within the offline window: still ok and offered (a blip empties nothing).
      await expect(watcher.syncOnce()).rejects.toThrow();
      expect(await readyz()).toEqual({ status: 200, check: 'ok' });
      expect(watcher.status().lastError).toBeDefined();
      expect(offered()).toBe(true);

      // Every sync fails and the last success is older than the window: failing, no longer offered.
      await s.advance(OFFLINE_MS + 1000);
      await expect(watcher.syncOnce()).rejects.toThrow();
      const failing = await readyz();
      expect(failing.status).toBe(200);
      expect(failing.check).toMatch(/^failing: no successful sync for 16 s \(.+\)$/);
      expect(offered()).toBe(false);
      expect(await healthMetric()).toEqual([
        `cairn_chain_watcher_health{chain="${CHAIN}",health="failing"} 1`,
      ]);
      const line = await cliLine();
      expect(line.health).toMatch(/^failing: /);
      expect(line.offered).toBe(false);
      expect(line.last_error).not.toBeNull();

      // Past CAIRN_WATCHER_STALL_MS the instance is not ready either.
      await s.advance(STALL_MS);
      await expect(watcher.syncOnce()).rejects.toThrow();
      expect((await readyz()).status).toBe(503);

      await s.node.resume();
      await watcher.syncOnce();
      expect(await readyz()).toEqual({ status: 200, check: 'ok' });
      expect(offered()).toBe(true);
      expect(await healthMetric()).toEqual([`cairn_chain_watcher_health{chain="${CHAIN}",health="ok"} 1`]);
      expect(await cliLine()).toMatchObject({ health: 'ok', offered: true, last_error: null });
    } finally {
      await watchers.stop();
    }
  });
});
