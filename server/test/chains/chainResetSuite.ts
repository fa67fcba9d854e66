import { getChain } from '@cairn/contract';
import { Registry } from 'prom-client';
import { expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app/buildApp.js';
import { ChainWatcher } from '../../src/chains/watchers/ChainWatcher.js';
import { readChainStatuses } from '../../src/chains/watchers/readChainStatuses.js';
import { createWatcherMetrics } from '../../src/chains/watchers/watcherMetrics.js';
import { createChainAvailability } from '../../src/domain/chainOffers/createChainAvailability.js';
import { assertCompiled, runCli } from '../harness/compiledCli.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import { eventNamesFor } from './eventsFor.js';
import type { ChainScenario, ScenarioPayment } from './startChainScenario.js';

/** What the reset suite needs of a chain scenario (litecoind, anvil, a fake ledger server). */
export interface ResetDriver {
  readonly chainId: string;
  test(): TestGateway;
  /** The scenario's own watcher (test mode, as the chain registry has the chain). */
  watcher(): ChainWatcher;
  /** A payment on the chain, its option selected. */
  newPayment(): Promise<{ id: string }>;
  /** Pays the payment in full into one block (not yet at the required depth). */
  payIntoBlock(payment: { id: string }): Promise<void>;
  /** Adds blocks until everything paid so far is at the required depth. */
  deepen(): Promise<void>;
  /** The node's chain is reset: a fresh chain, its tip below the watcher's cursor. */
  reset(): Promise<void>;
  /** How the watcher tells this reset (a new network identity, or no common ancestor). */
  readonly reason: RegExp;
  statusOf(id: string): Promise<string>;
}

/** How the watcher tells a reset whose chain kept its identity (regtest's genesis, a testnet's id). */
export const NO_COMMON_ANCESTOR =
  /no common ancestor with the node within the 2000 kept block headers .*below it/;

/**
 * The driver of a chain scenario (`startScenario`): a payment is paid in full with `pay`, then, unless
 * paying already closes a ledger, one block mined; deepening mines three.
 */
export function scenarioResetDriver<N>(
  s: () => ChainScenario<N>,
  chain: Pick<ResetDriver, 'chainId' | 'reset' | 'reason'> & { readonly payCloses: boolean },
): ResetDriver {
  return {
    chainId: chain.chainId,
    test: () => s().test,
    watcher: () => s().watcher,
    newPayment: () => s().newPayment(),
    async payIntoBlock(payment) {
      const p = payment as ScenarioPayment;
      await s().pay(p, p.amount);
      if (!chain.payCloses) await s().mine(1);
    },
    deepen: async () => {
      await s().mine(3);
    },
    reset: chain.reset,
    reason: chain.reason,
    statusOf: (id) => s().statusOf(id),
  };
}

/**
 * A chain reset (docs/operating/chain-resets.md) on a real node or the family's fake server: in test
 * mode the watcher re-anchors at the new tip by itself and the old chain's open payments move back
 * through the lifecycle (payment.reverted) while confirmed ones stay; in live mode (the same chain
 * handed to the watcher as a live one) it stops offering the chain, alerts in /readyz, /metrics and
 * `chains:status`, and waits for `chains:reanchor`, stored in the database as another process would.
 * Clocks never move here: nothing waits.
 */
export function chainResetSuite(d: ResetDriver): void {
  it('test mode: re-anchors at the new tip by itself; open payments move back, confirmed ones stay', async () => {
    const watcher = d.watcher();
    const { gateway } = d.test().running;
    const confirmed = await d.newPayment();
    await d.payIntoBlock(confirmed);
    await d.deepen();
    await watcher.syncOnce();
    expect(await d.statusOf(confirmed.id)).toBe('confirmed');
    const open = await d.newPayment();
    await d.payIntoBlock(open);
    await watcher.syncOnce();
    expect(await d.statusOf(open.id)).toBe('confirming');

    const warn = vi.spyOn(gateway.log, 'warn');
    try {
      await d.reset();
      const result = await watcher.syncOnce();
      expect(result).toMatchObject({ active: true, reanchored: true });
      const line = warn.mock.calls.find(([, message]) => String(message).includes('re-anchored'));
      expect(line?.[0]).toMatchObject({
        chainId: d.chainId,
        reason: expect.stringMatching(d.reason),
        removedTransfers: 1,
        paymentsMovedBack: 1,
      });
      // The confirmed payment's transfer, taken off the old chain silently.
      const fields = (line?.[0] ?? {}) as { archivedTransfers?: number };
      expect(fields.archivedTransfers).toBeGreaterThanOrEqual(1);
    } finally {
      warn.mockRestore();
    }
    expect(await d.statusOf(open.id)).toBe('awaiting_payment');
    expect((await eventNamesFor(d.test(), open.id)).slice(-1)).toEqual(['payment.reverted']);
    expect(await d.statusOf(confirmed.id)).toBe('confirmed');
    expect(watcher.status()).toMatchObject({ health: 'ok' });
    expect(watcher.status().resetDetected).toBeUndefined();
    expect(gateway.chainAvailability.isOffered(d.chainId)).toBe(true);

    // The new chain is followed: the customer pays again, and nothing of the old chain comes back.
    await d.payIntoBlock(open);
    const next = await watcher.syncOnce();
    expect(next.reanchored).toBeUndefined();
    expect(await d.statusOf(open.id)).toBe('confirming');
    await d.deepen();
    await watcher.syncOnce();
    expect(await d.statusOf(open.id)).toBe('confirmed');
    expect(await d.statusOf(confirmed.id)).toBe('confirmed');
  });

  it('live mode: stops offering the chain, alerts, and waits for chains:reanchor (stored, from any process)', async () => {
    const test = d.test();
    const { gateway } = test.running;
    await d.watcher().stop();
    const { watcher: live, registry } = liveWatcher(test, d.chainId);
    const app = await buildApp(gateway, { chainWatchers: () => [live.status()] });
    assertCompiled();
    const cairn = (...args: string[]) =>
      runCli(args, { env: { DATABASE_URL: test.running.databaseUrl, CAIRN_LOG_LEVEL: 'silent' } });
    const gauge = async () =>
      (await registry.getSingleMetricAsString('cairn_chain_reset_detected'))
        .split('\n')
        .find((l) => l.startsWith(`cairn_chain_reset_detected{chain="${d.chainId}"}`));
    const statusLine = async () =>
      (
        await readChainStatuses(gateway.orm, gateway.config, gateway.chains, test.running.gateway.clock.now())
      ).find((l) => l.chain_id === d.chainId)!;
    try {
      expect(await live.syncOnce()).toMatchObject({ active: true });
      const payment = await d.newPayment();
      await d.payIntoBlock(payment);
      await live.syncOnce();
      expect(await d.statusOf(payment.id)).toBe('confirming');

      await d.reset();
      const error = vi.spyOn(gateway.log, 'error');
      try {
        expect(await live.syncOnce()).toEqual({ active: true, halted: true });
        expect(
          error.mock.calls.some(([, m]) => String(m).includes(`cairn chains:reanchor ${d.chainId}`)),
        ).toBe(true);
      } finally {
        error.mockRestore();
      }
      // Halted, and it stays so on every sync until the operator answers; nothing moves meanwhile.
      expect(await live.syncOnce()).toEqual({ active: true, halted: true });
      expect(await d.statusOf(payment.id)).toBe('confirming');
      expect(live.status()).toMatchObject({ health: 'halted' });
      expect(gateway.chainAvailability.isOffered(d.chainId)).toBe(false);
      // Another process (an API instance) reads the halt from the database.
      const elsewhere = createChainAvailability({
        orm: gateway.orm,
        config: gateway.config,
        clock: gateway.clock,
        registry: gateway.chains,
        log: gateway.log,
        announce: false,
      });
      await elsewhere.refresh();
      expect(elsewhere.offerOf(d.chainId)).toMatchObject({ offered: false });
      const readyz = (await app.inject('/readyz')).json();
      expect(readyz.checks[`chain:${d.chainId}`]).toMatch(/^halted: /);
      expect(await gauge()).toMatch(/ 1$/);
      expect(
        (await registry.getSingleMetricAsString('cairn_chain_watcher_health'))
          .split('\n')
          .find((l) => l.includes('health="halted"')),
      ).toMatch(/ 1$/);
      const halted = await statusLine();
      expect(halted.health).toMatch(/^halted: /);
      expect(halted.offered).toBe(false);
      expect(halted.offer_reason).toContain(`cairn chains:reanchor ${d.chainId}`);
      expect(halted.reset).toMatchObject({
        reanchor_requested: false,
        detail: expect.stringMatching(d.reason),
      });

      // The operator's `cairn chains:reanchor`, run in a process of its own: stored in the database,
      // the active watcher picks it up at its next sync.
      const asked = await cairn('chains:reanchor', d.chainId);
      expect(asked.code, asked.stderr).toBe(0);
      expect(asked.stdout).toContain(`${d.chainId}: re-anchor requested`);
      expect((await statusLine()).reset).toMatchObject({ reanchor_requested: true });
      expect(await live.syncOnce()).toMatchObject({ active: true, reanchored: true });
      expect(await d.statusOf(payment.id)).toBe('awaiting_payment');
      expect((await eventNamesFor(test, payment.id)).slice(-1)).toEqual(['payment.reverted']);
      expect(live.status()).toMatchObject({ health: 'ok' });
      expect(gateway.chainAvailability.isOffered(d.chainId)).toBe(true);
      await elsewhere.refresh();
      expect(elsewhere.offerOf(d.chainId)).toMatchObject({ offered: true });
      expect(await gauge()).toMatch(/ 0$/);
      const resumed = await statusLine();
      expect(resumed.reset).toBeUndefined();
      expect(resumed.health).toBe('ok');
      const again = await cairn('chains:reanchor', d.chainId);
      expect(again.code).toBe(1);
      expect(again.stdout).toContain('has detected no reset');
      await d.payIntoBlock(payment);
      await live.syncOnce();
      expect(await d.statusOf(payment.id)).toBe('confirming');
    } finally {
      await app.close();
      await live.stop();
    }
  });
}

/**
 * The scenario's node handed to a watcher of its own as a live chain (the chain definition's mode is
 * what the watcher reads), with metrics on a registry of its own. Stop the scenario's watcher first.
 */
export function liveWatcher(
  test: TestGateway,
  chainId: string,
): { watcher: ChainWatcher; registry: Registry } {
  const { gateway } = test.running;
  const registry = new Registry();
  const chain = { ...getChain(chainId)!, mode: 'live' as const };
  const settings = gateway.config.chains[chainId]!;
  const watcher: ChainWatcher = new ChainWatcher({
    gateway,
    chain,
    observer: gateway.chains.get(chainId).adapter.createObserver!({
      chain,
      backend: settings.backend!,
      log: gateway.log,
    }),
    databaseUrl: test.running.databaseUrl,
    pollMs: settings.pollMs,
    stallMs: gateway.config.CAIRN_WATCHER_STALL_MS,
    metrics: createWatcherMetrics(
      registry,
      () => [],
      () => [{ chain: chainId, health: watcher.status().health }],
    ),
  });
  return { watcher, registry };
}
