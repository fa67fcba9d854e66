import pg from 'pg';
import type { SecretCipher } from '../../domain/webhooks/createSecretCipher.js';
import type { AttemptResult, ClaimedDelivery } from '../../domain/webhooks/deliveryTypes.js';
import { type Resolver, systemResolver } from '../../domain/webhooks/resolveDestination.js';
import { DATABASE_TIMEOUTS } from '../../platform/db/databaseTimeouts.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { type AttemptDependencies, attemptDelivery } from './attemptDelivery.js';
import { claimDeliveries } from './claimDeliveries.js';
import { createDestinationPools, type DestinationTimeouts } from './createDestinationPools.js';
import { listenForDeliveries } from './listenForDeliveries.js';
import { recordAttemptResults } from './recordAttemptResults.js';
import { releaseDeliveries } from './releaseDeliveries.js';
import { unparkDeliveries } from './unparkDeliveries.js';
import type { WebhookMetrics } from './webhookMetrics.js';

/** 30 seconds to response headers (docs/limits.md). */
export const HEADERS_TIMEOUT_MS = 30_000;

/** The subset of a pino logger the dispatcher uses. */
export interface DispatcherLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WebhookDispatcherOptions {
  readonly databaseUrl: string;
  readonly clock: Clock;
  readonly log: DispatcherLog;
  readonly cipher: SecretCipher;
  readonly allowPrivateFlag: boolean;
  /** Attempts in flight at once. */
  readonly concurrency: number;
  /** Lock time of a claim (database time); claims of a crashed process come back after it. */
  readonly leaseSeconds: number;
  /** Poll interval besides LISTEN/NOTIFY (retries come due without a notification). */
  readonly pollIntervalMs: number;
  /** Default: `dns.lookup`. Tests inject their own. */
  readonly resolver?: Resolver;
  /** Jitter source, [0, 1). Default Math.random. */
  readonly random?: () => number;
  readonly timeouts?: Partial<DestinationTimeouts>;
  /** Largest claim (default 256). */
  readonly maxBatch?: number;
  /** How often the ordering safety net runs (default 15 s); see unparkDeliveries. */
  readonly sweepIntervalMs?: number;
  /** Where attempts are counted for /metrics. */
  readonly metrics?: WebhookMetrics;
}

/** Counters since start. */
export interface DispatcherStats {
  readonly claimed: number;
  readonly recorded: number;
  readonly inFlight: number;
  /** Claim queries and result writes made (batching shows in claimed / claims). */
  readonly claims: number;
  readonly writes: number;
  /** Milliseconds spent waiting for claim queries and for result writes. */
  readonly claimMs: number;
  readonly writeMs: number;
}

/** The delivery worker: a queue over `webhook_deliveries`, attempts over HTTP, results in batches. */
export interface WebhookDispatcher {
  /** Starts the loop: LISTEN for new deliveries, poll for due retries, keep `concurrency` in flight. */
  start(): Promise<void>;
  /**
   * Delivers everything due at the clock's now (or only `ids`) and returns the attempts made; for
   * tests (a moved clock) and one-off deliveries from the CLI. Do not mix with a started loop.
   */
  deliverDue(options?: { ids?: readonly string[] }): Promise<number>;
  /** Stops claiming, waits up to `graceMs` for attempts in flight, writes their results, closes. */
  stop(graceMs?: number): Promise<void>;
  readonly running: boolean;
  stats(): DispatcherStats;
}

/**
 * Claim queries in flight at once. Measured on 2 cores: one claim of up to 2 x concurrency rows at a
 * time beat two smaller concurrent ones (they scan and skip each other's locked rows).
 */
const MAX_CLAIMERS = 1;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates the webhook delivery dispatcher. Deliveries are claimed in batches with `FOR UPDATE SKIP
 * LOCKED` under a lease, attempted concurrently, and their results written back in batches (group
 * commit: while one write runs, the next batch gathers). At-least-once: a crash between an attempt and
 * its write-back means the delivery is sent again, with the same body and `evt_` id, once the lease
 * runs out.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  // Claims and results need no synchronous commit: one lost in a crash is only an attempt made again
  // (at-least-once). The event and its delivery row are written durably by the state change itself.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    application_name: 'cairn webhook delivery',
    max: 4,
    options: '-c synchronous_commit=off -c random_page_cost=1.1',
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveInitialDelayMs,
  });
  pool.on('error', (error) => options.log.error({ err: error }, 'webhook queue connection failed'));
  const pools = createDestinationPools({
    headersTimeoutMs: options.timeouts?.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    connectTimeoutMs: options.timeouts?.connectTimeoutMs ?? 10_000,
    bodyTimeoutMs: options.timeouts?.bodyTimeoutMs ?? 10_000,
  });
  const deps: AttemptDependencies = {
    clock: options.clock,
    cipher: options.cipher,
    pools,
    resolver: options.resolver ?? systemResolver,
    allowPrivateFlag: options.allowPrivateFlag,
    random: options.random ?? Math.random,
  };
  const concurrency = options.concurrency;
  const maxBatch = options.maxBatch ?? 256;
  // Claimed deliveries waiting for a free slot: up to 2 x `concurrency` of them, so a slot that frees
  // is refilled at once instead of after a claim's round trip.
  const prefetch = 2 * concurrency;
  // Claim once this many places are free, so claims come in batches rather than one row at a time.
  const claimThreshold = Math.max(1, concurrency);

  let running = false;
  let closed = false;
  let inFlight = 0;
  let claimed = 0;
  let recorded = 0;
  let claims = 0;
  let writes = 0;
  let claimMs = 0;
  let writeMs = 0;
  // Claim queries in flight (at most MAX_CLAIMERS) and the rows they asked for.
  let claimers = 0;
  let requested = 0;
  let claimAgain = false;
  let backlog = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  const ready: ClaimedDelivery[] = [];
  const pending: AttemptResult[] = [];
  const idleWaiters: (() => void)[] = [];

  const claim = async (limit: number, ids?: readonly string[]) => {
    claims += 1;
    const started = performance.now();
    try {
      return await claimDeliveries(pool, {
        now: options.clock.now(),
        limit,
        leaseSeconds: options.leaseSeconds,
        ...(ids ? { ids } : {}),
      });
    } finally {
      claimMs += performance.now() - started;
    }
  };
  /** Places for more claimed deliveries (in flight plus waiting stays within concurrency + prefetch). */
  const room = () => Math.min(concurrency + prefetch - inFlight - ready.length - requested, maxBatch);

  function settleIdle(): void {
    if (inFlight === 0 && !flushing && pending.length === 0) for (const wake of idleWaiters.splice(0)) wake();
  }

  function flush(): void {
    if (flushing || pending.length === 0) return;
    flushing = (async () => {
      while (pending.length > 0) {
        const batch = pending.splice(0, pending.length);
        try {
          writes += 1;
          const started = performance.now();
          // While running, the write also claims each finished payment's next delivery for us.
          const written = await recordAttemptResults(
            pool,
            batch,
            options.clock.now(),
            running ? { claimNext: { leaseSeconds: options.leaseSeconds } } : {},
          );
          writeMs += performance.now() - started;
          recorded += written.recorded;
          if (written.next.length > 0) {
            ready.push(...written.next);
            pump();
          }
        } catch (error) {
          options.log.error(
            { err: error, results: batch.length },
            'writing webhook results failed; retrying',
          );
          if (closed) return;
          pending.unshift(...batch);
          await sleep(1000);
          continue;
        }
        // Finished attempts left room for more.
        if (running) kick();
      }
    })().finally(() => {
      flushing = undefined;
      if (pending.length > 0) flush();
      else settleIdle();
    });
  }

  /** Starts waiting deliveries while slots are free. */
  function pump(): void {
    while (running && inFlight < concurrency && ready.length > 0) launch(ready.shift()!);
  }

  function launch(delivery: ClaimedDelivery): void {
    inFlight += 1;
    claimed += 1;
    attemptDelivery(deps, delivery)
      .then(
        (result) => {
          pending.push(result);
          options.metrics?.observe(delivery, result);
        },
        (error: unknown) =>
          options.log.error({ err: error, delivery: delivery.id }, 'webhook attempt crashed'),
      )
      .finally(() => {
        inFlight -= 1;
        flush();
        pump();
        if (running && backlog && room() >= claimThreshold) kick();
        settleIdle();
      });
  }

  async function claimLoop(): Promise<void> {
    while (running) {
      claimAgain = false;
      const limit = room();
      if (limit < (ready.length + inFlight > 0 ? claimThreshold : 1)) return;
      let rows: ClaimedDelivery[];
      requested += limit;
      try {
        rows = await claim(limit);
      } catch (error) {
        options.log.error({ err: error }, 'claiming webhook deliveries failed');
        return;
      } finally {
        requested -= limit;
      }
      ready.push(...rows);
      pump();
      backlog = rows.length === limit;
      if (!backlog && !claimAgain) return;
    }
  }

  /** Claims more when there is room (at most MAX_CLAIMERS claim queries at once). */
  function kick(): void {
    if (!running) return;
    if (claimers >= MAX_CLAIMERS || (claimers > 0 && !backlog)) {
      claimAgain = true;
      return;
    }
    claimers += 1;
    claimLoop().finally(() => {
      claimers -= 1;
      if (claimAgain && running) kick();
    });
  }

  // New deliveries are claimed when notified; after the LISTEN connection was lost, at once when it
  // is back (deliveries queued while nobody listened are due).
  const listener = listenForDeliveries({
    databaseUrl: options.databaseUrl,
    log: options.log,
    onNotification: kick,
    onReconnected: kick,
  });

  return {
    get running() {
      return running;
    },
    stats: () => ({ claimed, recorded, inFlight, claims, writes, claimMs, writeMs }),
    async start() {
      if (running) return;
      running = true;
      await listener.start();
      pollTimer = setInterval(kick, options.pollIntervalMs);
      pollTimer.unref();
      const sweep = () =>
        unparkDeliveries(pool, options.clock.now()).then(
          (unparked) => {
            if (unparked > 0) kick();
          },
          (error: unknown) => options.log.error({ err: error }, 'webhook ordering sweep failed'),
        );
      sweepTimer = setInterval(sweep, options.sweepIntervalMs ?? 15_000);
      sweepTimer.unref();
      await sweep();
      kick();
    },
    async deliverDue(deliverOptions = {}) {
      const { ids } = deliverOptions;
      let attempts = 0;
      // The next deliveries of finished payments, claimed by the result write (only without `ids`).
      let next: ClaimedDelivery[] = [];
      for (;;) {
        const rows = next.length > 0 ? next : await claim(Math.min(concurrency, maxBatch), ids);
        if (rows.length === 0) return attempts;
        const results = await Promise.all(rows.map((row) => attemptDelivery(deps, row)));
        for (const [i, result] of results.entries()) options.metrics?.observe(rows[i]!, result);
        const written = await recordAttemptResults(
          pool,
          results,
          options.clock.now(),
          ids ? {} : { claimNext: { leaseSeconds: options.leaseSeconds } },
        );
        recorded += written.recorded;
        next = written.next;
        claimed += rows.length;
        attempts += rows.length;
      }
    },
    async stop(graceMs = 10_000) {
      if (closed) return;
      running = false;
      if (pollTimer) clearInterval(pollTimer);
      if (sweepTimer) clearInterval(sweepTimer);
      await listener.stop();
      if (inFlight > 0 || flushing || pending.length > 0) {
        await Promise.race([new Promise<void>((resolve) => idleWaiters.push(resolve)), sleep(graceMs)]);
      }
      // Claimed deliveries not started yet are released at once; attempts still in flight are
      // abandoned: their leases run out and they are sent again.
      const unstarted = ready.splice(0);
      if (unstarted.length > 0) await releaseDeliveries(pool, unstarted, options.clock.now()).catch(() => {});
      closed = true;
      await pools.close();
      await pool.end();
    },
  };
}
