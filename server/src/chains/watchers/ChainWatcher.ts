import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { BlockHeader, BlockRef, ChainObserver, ObservedBlock, ObservedOutput } from '@cairn/chain-core';
import type { ChainDefinition } from '@cairn/contract';
import { offlineWindowMs } from '../../domain/chainOffers/judgeChainOffer.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import {
  recordTransferObservations,
  type TransferObservation,
} from '../../domain/payments/recordTransferObservation.js';
import { recordAccountStrays } from '../../domain/strayFunds/recordAccountStrays.js';
import { backfillDepositTargets } from './backfillDepositTargets.js';
import { ChainWatcherStore, KEPT_BLOCKS, type PollTarget, type SightingInput } from './ChainWatcherStore.js';
import { DepositTargetIndex, type TargetMatch } from './DepositTargetIndex.js';
import { judgeWatcherHealth, type WatcherHealth } from './judgeWatcherHealth.js';
import { WatcherLock } from './WatcherLock.js';
import type { WatcherMetrics } from './watcherMetrics.js';

/** How one watcher is set up. */
export interface ChainWatcherOptions {
  readonly gateway: Gateway;
  readonly chain: ChainDefinition;
  readonly observer: ChainObserver;
  /** For the advisory lock's dedicated connection. */
  readonly databaseUrl: string;
  /** Mempool and tip poll interval (ms); blocks also wake the loop through the long-poll. */
  readonly pollMs: number;
  /** No successful sync for this long while active: stalled (/readyz). */
  readonly stallMs: number;
  readonly metrics?: WatcherMetrics;
  /** Names this instance in `chain_cursors.instance_id` (default host:pid:random). */
  readonly instanceId?: string;
}

/** What a watcher reports about itself (/readyz, `chains:status`, metrics). */
export interface WatcherStatus {
  readonly chainId: string;
  /**
   * active: holds the chain's lock and syncs; standby: another instance does; starting: it has not
   * taken or been refused the lock yet.
   */
  readonly role: 'active' | 'standby' | 'stopped' | 'starting';
  /** `ok`, `syncing`, `failing`, `standby` or `stopped` (see `judgeWatcherHealth`). */
  readonly health: WatcherHealth;
  /** Why it is failing (operator words, the node's error included). */
  readonly healthReason?: string;
  readonly cursorHeight?: number;
  readonly nodeHeight?: number;
  readonly lagBlocks?: number;
  readonly lastSyncAt?: Date;
  readonly lastError?: string;
  /**
   * A reset (or another network) detected on a live chain and not re-anchored yet: the chain is not
   * offered and waits for `cairn chains:reanchor` (docs/operating/chain-resets.md).
   */
  readonly resetDetected?: string;
  /** Active and no successful sync for longer than CAIRN_WATCHER_STALL_MS. */
  readonly stalled: boolean;
  readonly openTargets: number;
}

/** The outcome of one sync. */
export interface SyncResult {
  /** False when another instance is the active watcher (nothing was done). */
  readonly active: boolean;
  readonly cursor?: BlockRef;
  readonly blocks?: number;
  readonly reorgs?: number;
  readonly reported?: number;
  /** The cursor reached the node's tip (false: more blocks to catch up, the loop goes on at once). */
  readonly caughtUp?: boolean;
  /**
   * Target-poll backends: how many watched targets the backend could not read this sync (Monero: a
   * merchant's view-only wallet still being opened, or failing); they are asked again next sync.
   */
  readonly unread?: number;
  /** A reset was detected and the chain waits for the operator (live chains): nothing else was done. */
  readonly halted?: boolean;
  /** The watcher re-anchored at the node's tip in this sync (a reset on a test chain, or on request). */
  readonly reanchored?: boolean;
}

/** A reset found during a sync: unwinds the sync to where the watcher decides what to do. */
class ResetDetected extends Error {}

/** Blocks processed per sync before the mempool and the reports get their turn. */
const MAX_BLOCKS_PER_SYNC = 200;
/** Ancestors stored with the first cursor, so an early reorg still finds its fork point. */
const START_DEPTH = 10;
const MAX_BACKOFF_MS = 30_000;
/**
 * After losing its lock (its lock connection died), an instance stays out of the competition this
 * long, so a standby with a healthy connection takes the chain over rather than the instance whose
 * connection just failed winning it back.
 */
const YIELD_AFTER_LOSS_MS = 3_000;

/**
 * The generic chain watcher (docs/design.md), one per watched chain and gateway instance:
 *
 * - exactly one instance is active per chain (a PostgreSQL advisory lock); the others stand by;
 * - it keeps a persisted cursor (height, hash), follows the tip (polling, plus the backend's long-poll),
 *   and detects reorgs by parent-hash continuity: it rewinds to the fork point and takes the outputs of
 *   orphaned blocks out of their block, to be found again in the new branch, back in the mempool, or
 *   marked removed;
 * - block-scan backends: every block's outputs are matched against an in-memory index of the deposit
 *   targets (one lookup per output, never a call per open payment), and new mempool transactions are
 *   matched the same way; target-poll backends (Esplora) are asked about the open targets instead;
 * - depth is judged on the active chain (cursor height minus the block's height plus one), never by a
 *   transaction merely existing (with `-txindex` a reorged-out one still does);
 * - every change is reported through recordTransferObservations, per payment and at most up to the
 *   payment's required depth; the lifecycle module decides. Sightings are stored per chain, txid and
 *   output index, so a restart re-processes blocks without reporting anything twice.
 */
export class ChainWatcher {
  readonly chainId: string;
  readonly store: ChainWatcherStore;
  readonly #options: ChainWatcherOptions;
  readonly #lock: WatcherLock;
  readonly #instanceId: string;
  #index: DepositTargetIndex;
  #seenMempool = new Set<string>();
  /** Removed wallets whose backend state the observer has dropped (forgetWallet), in this process. */
  readonly #forgottenWallets = new Set<string>();
  #role: WatcherStatus['role'] = 'starting';
  #activeSince: Date | undefined;
  #lastSyncAt: Date | undefined;
  #lastError: string | undefined;
  #cursor: BlockRef | undefined;
  #nodeHeight: number | undefined;
  #running: Promise<void> | undefined;
  #syncing: Promise<SyncResult> | undefined;
  #stopped = false;
  #wake: (() => void) | undefined;
  #failures = 0;
  /** `performance.now()` until which this instance does not try to take the lock back. */
  #yieldUntil = 0;
  /** A reset detected on a live chain, waiting for the operator (see {@link WatcherStatus}). */
  #resetDetected: string | undefined;
  /** The node's network identity was compared with the stored one since the watcher became active. */
  #identityChecked = false;

  constructor(options: ChainWatcherOptions) {
    this.#options = options;
    this.chainId = options.chain.id;
    this.store = new ChainWatcherStore(options.gateway.orm, this.chainId);
    this.#lock = new WatcherLock(options.databaseUrl, `cairn:chain-watcher:${this.chainId}`);
    this.#instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.#index = new DepositTargetIndex(this.chainId);
    // Starting: until it syncs or finds another instance active, an earlier watcher's sync (before a
    // restart) does not make the chain offered here; /readyz says `syncing` meanwhile.
    options.gateway.chainAvailability.noteActive(this.chainId, this.#now);
  }

  get #now(): Date {
    return this.#options.gateway.clock.now();
  }

  get #log() {
    return this.#options.gateway.log;
  }

  /** Starts the background loop: sync, then wait for a block or the poll interval, until stopped. */
  start(): void {
    if (this.#running) return;
    this.#stopped = false;
    this.#running = this.#loop();
  }

  /** Stops the loop, releases the lock (a standby takes over) and closes the observer. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#running;
    await this.#syncing?.catch(() => undefined);
    this.#running = undefined;
    await this.#lock.release();
    this.#role = 'stopped';
    this.#activeSince = undefined;
    this.#options.gateway.chainAvailability.noteActive(this.chainId, undefined);
    this.#options.metrics?.active.set({ chain: this.chainId }, 0);
    await this.#options.observer.close?.();
  }

  /** One sync now (the loop calls this; tests call it to step deterministically). Never concurrent. */
  async syncOnce(): Promise<SyncResult> {
    while (this.#syncing) await this.#syncing.catch(() => undefined);
    const run = this.#sync();
    this.#syncing = run;
    try {
      return await run;
    } catch (error) {
      await this.#noteFailure(error as Error);
      throw error;
    } finally {
      this.#syncing = undefined;
    }
  }

  /** A failed sync: kept as the last error (health, `chains:status`), counted, and told to the offers. */
  async #noteFailure(error: Error): Promise<void> {
    this.#lastError = error.message;
    this.#options.metrics?.syncErrors.inc({ chain: this.chainId });
    this.#options.gateway.chainAvailability.noteSyncFailed(this.chainId, error.message);
    await this.store.noteError(error.message, this.#now).catch(() => undefined);
  }

  /** What this instance knows about its watcher of the chain. */
  status(): WatcherStatus {
    const since = this.#lastSyncAt ?? this.#activeSince;
    const stalled =
      this.#role === 'active' &&
      since !== undefined &&
      this.#now.getTime() - since.getTime() > this.#options.stallMs;
    const { health, reason } = judgeWatcherHealth({
      role: this.#role,
      ...(this.#resetDetected ? { resetDetected: this.#resetDetected } : {}),
      activeSince: this.#activeSince,
      lastSyncAt: this.#lastSyncAt,
      lastError: this.#lastError,
      now: this.#now,
      failAfterMs: offlineWindowMs(
        this.#options.gateway.config.CAIRN_WATCHER_OFFLINE_MS,
        this.#options.pollMs,
      ),
    });
    return {
      chainId: this.chainId,
      role: this.#role,
      health,
      ...(reason ? { healthReason: reason } : {}),
      stalled,
      openTargets: this.#index.size,
      ...(this.#cursor ? { cursorHeight: this.#cursor.height } : {}),
      ...(this.#nodeHeight !== undefined ? { nodeHeight: this.#nodeHeight } : {}),
      ...(this.#cursor && this.#nodeHeight !== undefined
        ? { lagBlocks: Math.max(0, this.#nodeHeight - this.#cursor.height) }
        : {}),
      ...(this.#lastSyncAt ? { lastSyncAt: this.#lastSyncAt } : {}),
      ...(this.#lastError ? { lastError: this.#lastError } : {}),
      ...(this.#resetDetected ? { resetDetected: this.#resetDetected } : {}),
    };
  }

  async #loop(): Promise<void> {
    while (!this.#stopped) {
      let active = false;
      let behind = false;
      try {
        const result = await this.syncOnce();
        active = result.active;
        behind = result.active && result.caughtUp === false;
        this.#failures = 0;
      } catch (error) {
        // Recorded by syncOnce (last error, metrics, chain_cursors, the offers).
        this.#failures += 1;
        this.#log.warn({ chainId: this.chainId, err: error }, 'chain watcher sync failed');
      }
      if (this.#stopped) break;
      if (!behind) await this.#pause(active);
    }
  }

  async #pause(active: boolean): Promise<void> {
    const { pollMs, observer } = this.#options;
    const stop = new Promise<void>((resolve) => {
      this.#wake = resolve;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });
    let wait: Promise<void>;
    if (this.#failures > 0) wait = sleep(Math.min(pollMs * 2 ** this.#failures, MAX_BACKOFF_MS));
    else if (!active) wait = sleep(Math.max(pollMs, 1000));
    else if (observer.waitForBlock) wait = observer.waitForBlock(pollMs).catch(() => sleep(pollMs));
    else wait = sleep(pollMs);
    await Promise.race([wait, stop]);
    if (timer) clearTimeout(timer);
    this.#wake = undefined;
  }

  async #sync(): Promise<SyncResult> {
    const { metrics } = this.#options;
    const chain = this.chainId;
    if (performance.now() < this.#yieldUntil || !(await this.#lock.tryAcquire())) {
      if (this.#role === 'active') {
        this.#log.warn({ chainId: chain }, 'chain watcher lost its lock; standing by');
        this.#yieldUntil = performance.now() + YIELD_AFTER_LOSS_MS;
      }
      this.#role = 'standby';
      this.#activeSince = undefined;
      this.#options.gateway.chainAvailability.noteActive(chain, undefined);
      metrics?.active.set({ chain }, 0);
      return { active: false };
    }
    if (this.#role !== 'active') {
      // A fresh start or a takeover: rebuild the in-memory state from the database and the node.
      await backfillDepositTargets(this.#options.gateway, chain);
      this.#role = 'active';
      this.#activeSince = this.#now;
      this.#options.gateway.chainAvailability.noteActive(chain, this.#activeSince);
      this.#index = new DepositTargetIndex(chain);
      this.#seenMempool = new Set();
      this.#identityChecked = false;
      metrics?.active.set({ chain }, 1);
      if (!this.#resetDetected) metrics?.resetDetected.set({ chain }, 0);
      this.#log.info({ chainId: chain, instance: this.#instanceId }, 'chain watcher active');
    }

    const state = await this.store.resetState();
    if (!state?.resetDetectedAt && this.#resetDetected) {
      // Re-anchored meanwhile by the active watcher of another instance.
      this.#resetDetected = undefined;
      this.#options.gateway.chainAvailability.noteReset(chain, undefined);
      metrics?.resetDetected.set({ chain }, 0);
    }
    if (state?.resetDetectedAt) {
      const detail = state.resetDetail ?? 'reset detected';
      if (!state.reanchorRequestedAt) return this.#halt(detail);
      if (await this.#backOnStoredChain(state.networkIdentity)) {
        // The operator pointed the chain at the right node again: nothing of the stored chain is gone.
        await this.store.clearReset();
        this.#resetDetected = undefined;
        this.#options.gateway.chainAvailability.noteReset(chain, undefined);
        metrics?.resetDetected.set({ chain }, 0);
        this.#log.warn(
          { chainId: chain, reason: detail },
          `${chain}: the node is on the stored chain again; following it from the cursor, nothing removed`,
        );
      } else {
        await this.#reanchor(detail, 'the operator asked (cairn chains:reanchor)');
        return this.#finishSync(undefined, { reanchored: true });
      }
    }
    try {
      if (state && !this.#identityChecked) await this.#checkIdentity(state.networkIdentity);
      return await this.#follow();
    } catch (error) {
      if (!(error instanceof ResetDetected)) throw error;
      if (this.#options.chain.mode === 'test') {
        await this.#reanchor(error.message, 'a test chain re-anchors by itself');
        return this.#finishSync(undefined, { reanchored: true });
      }
      await this.store.noteReset(error.message, this.#now);
      this.#log.error(
        { chainId: chain, reason: error.message },
        `${chain}: its node was reset or serves another network; the chain is no longer offered and waits for \`cairn chains:reanchor ${chain}\``,
      );
      return this.#halt(error.message);
    }
  }

  /** Whether the node has the stored network identity and the stored cursor's block on its chain. */
  async #backOnStoredChain(stored: string | null): Promise<boolean> {
    const { observer } = this.#options;
    const cursor = await this.store.cursor();
    if (!cursor) return false;
    if (observer.networkIdentity && stored !== null && (await observer.networkIdentity()) !== stored)
      return false;
    return (await observer.blockHashAt(cursor.height)) === cursor.hash;
  }

  /** A live chain whose reset waits for the operator: not offered, nothing followed or reported. */
  #halt(detail: string): SyncResult {
    this.#resetDetected = detail;
    this.#options.gateway.chainAvailability.noteReset(this.chainId, detail);
    this.#options.metrics?.resetDetected.set({ chain: this.chainId }, 1);
    return { active: true, halted: true };
  }

  /**
   * Compares the node's network identity with the stored one (stored the first time): a different
   * one is a reset chain or another network.
   */
  async #checkIdentity(stored: string | null): Promise<void> {
    const { observer } = this.#options;
    if (!observer.networkIdentity) return;
    const identity = await observer.networkIdentity();
    this.#identityChecked = true;
    if (stored === null) {
      await this.store.saveIdentity(identity);
      return;
    }
    if (identity !== stored) {
      this.#identityChecked = false;
      throw new ResetDetected(
        `the node's network identity changed (stored ${stored}, the node now answers ${identity}): a reset chain or another network`,
      );
    }
  }

  /**
   * Re-anchors at the node's tip (docs/operating/chain-resets.md): the sightings of the old chain are
   * taken off it (those of open payments marked removed and reported now, so the lifecycle moves each
   * payment back as after a reorg), the kept headers forgotten, the new identity stored.
   */
  async #reanchor(detail: string, why: string): Promise<void> {
    const { observer } = this.#options;
    const tip = await observer.tip();
    const identity = observer.networkIdentity ? await observer.networkIdentity() : null;
    const counts = await this.store.reanchor(
      await this.#ancestry(tip.hash),
      identity,
      this.#now,
      this.#instanceId,
    );
    this.#identityChecked = identity !== null;
    this.#resetDetected = undefined;
    this.#seenMempool = new Set();
    this.#options.gateway.chainAvailability.noteReset(this.chainId, undefined);
    this.#options.metrics?.resetDetected.set({ chain: this.chainId }, 0);
    this.#options.metrics?.resets.inc({ chain: this.chainId });
    this.#log.warn(
      {
        chainId: this.chainId,
        reason: detail,
        height: tip.height,
        removedTransfers: counts.removed,
        paymentsMovedBack: counts.payments,
        archivedTransfers: counts.archived,
      },
      `${this.chainId}: re-anchored at the node's tip ${tip.height} after a reset (${why}): ${counts.removed} transfers of ${counts.payments} open payments removed with the old chain, ${counts.archived} of closed payments archived`,
    );
  }

  /** Follows the node from the stored cursor: new blocks, reorgs, the mempool or the polled targets. */
  async #follow(): Promise<SyncResult> {
    const { observer } = this.#options;
    const chain = this.chainId;
    let tip = await observer.tip();
    let cursor: BlockRef | undefined = await this.store.cursor();
    if (!cursor) {
      const identity = observer.networkIdentity ? await observer.networkIdentity() : null;
      await this.store.start(await this.#ancestry(tip.hash), this.#now, this.#instanceId, identity);
      this.#identityChecked = identity !== null;
      cursor = { height: tip.height, hash: tip.hash };
      this.#log.info({ chainId: chain, height: tip.height }, 'chain watcher starts at the tip');
    }
    const metrics = this.#options.metrics;

    let blocks = 0;
    let reorgs = 0;
    while (cursor.hash !== tip.hash && blocks < MAX_BLOCKS_PER_SYNC) {
      const height: number = cursor.height + 1;
      const hash = height <= tip.height ? await observer.blockHashAt(height) : null;
      const block = hash === null ? undefined : await this.#fetchBlock(hash);
      if (!block || block.parentHash !== cursor.hash) {
        // The node's chain no longer extends ours: a reorg (or the tip moved back), or a reset chain.
        // Rewind to the fork point; another network or none within the kept headers is a reset.
        await this.#checkIdentity((await this.store.resetState())?.networkIdentity ?? null);
        const fork = await this.#findFork(Math.min(cursor.height, tip.height), cursor.height, tip.height);
        const orphaned = await this.store.rewind(fork, this.#now);
        reorgs += 1;
        metrics?.reorgs.inc({ chain });
        this.#log.warn(
          { chainId: chain, from: cursor.height, fork: fork.height, orphanedSightings: orphaned },
          'reorg: rewound to the fork point',
        );
        cursor = fork;
        tip = await observer.tip();
        continue;
      }
      let matches: TargetMatch[] = [];
      if (block.outputs.length > 0) {
        await this.#refreshIndex();
        matches = this.#index.match(block.outputs);
        await this.#recordStrays(block.outputs, block);
      }
      if (block.strays?.length) {
        // Checks, Escrows and the like: recorded for the accounts merchants take payments on.
        await this.#refreshIndex();
        const strays = block.strays.filter((s) => this.#index.hasTaggedAccount(s.account));
        if (strays.length > 0) await recordAccountStrays(this.#options.gateway, chain, strays, block);
      }
      if (observer.strategy === 'block-scan' && observer.hiddenCredits) {
        // Account chains: native coin sent to an open target from inside a contract (found by balance).
        const native = this.#options.chain.coins[0]!.symbol;
        const targets = await this.store.pollTargets(this.#now, native);
        if (targets.length > 0) {
          const hidden = await observer.hiddenCredits(block, targets);
          if (hidden.length > 0) {
            await this.#refreshIndex();
            matches = [...matches, ...this.#index.match(hidden)];
          }
        }
      }
      const inserted = await this.store.advance(block, this.#sightingInputs(matches), tip.height, this.#now);
      if (inserted > 0) metrics?.matchedTransfers.inc({ chain, source: 'block' }, inserted);
      cursor = { height: block.height, hash: block.hash };
      blocks += 1;
      if (cursor.height >= tip.height) tip = await observer.tip();
    }
    const caughtUp = cursor.hash === tip.hash;
    let unread = 0;
    if (observer.strategy === 'block-scan') await this.#scanMempool(cursor, caughtUp);
    else unread = await this.#pollTargets(cursor, caughtUp);
    return this.#finishSync({ cursor, tip }, { blocks, reorgs, caughtUp, ...(unread > 0 ? { unread } : {}) });
  }

  /**
   * The end of every sync that followed the node: reports what changed and notes the sync (health,
   * offers, metrics). Without `at` (just re-anchored), at the stored cursor.
   */
  async #finishSync(
    at: { cursor: BlockRef; tip: BlockRef } | undefined,
    result: Omit<SyncResult, 'active' | 'cursor' | 'reported'>,
  ): Promise<SyncResult> {
    const { observer, metrics } = this.#options;
    const chain = this.chainId;
    const stored = at ? undefined : await this.store.cursor();
    const cursor: BlockRef = at?.cursor ?? { height: stored!.height, hash: stored!.hash };
    const tip: BlockRef = at?.tip ?? cursor;
    this.#cursor = cursor;
    this.#nodeHeight = tip.height;

    // Reports change payments: not after the lock connection died meanwhile (a standby may be active
    // already). The blocks stored so far are kept; the next active watcher reports them.
    if (!this.#lock.held) throw new Error('lost the watcher lock during the sync; standing by');
    const reported = await this.#report(
      cursor.height,
      observer.finalizedHeight ? await observer.finalizedHeight() : undefined,
    );
    await this.store.heartbeat(tip.height, this.#now, this.#instanceId);
    this.#lastSyncAt = this.#now;
    this.#lastError = undefined;
    this.#options.gateway.chainAvailability.noteSync(chain, this.#lastSyncAt);
    metrics?.tipHeight.set({ chain }, tip.height);
    metrics?.cursorHeight.set({ chain }, cursor.height);
    metrics?.lagBlocks.set({ chain }, Math.max(0, tip.height - cursor.height));
    metrics?.openTargets.set({ chain }, this.#index.size);
    return { active: true, cursor, reported, caughtUp: cursor.hash === tip.hash, ...result };
  }

  /** A block with its outputs (block-scan), or just its header (target-poll). */
  async #fetchBlock(hash: string): Promise<ObservedBlock> {
    const { observer } = this.#options;
    if (observer.strategy === 'block-scan') return observer.block(hash);
    return { ...(await observer.header(hash)), outputs: [] };
  }

  /** The header at `hash` and up to START_DEPTH ancestors, oldest first. */
  async #ancestry(hash: string): Promise<BlockHeader[]> {
    const headers: BlockHeader[] = [];
    let next: string | null = hash;
    while (next !== null && headers.length <= START_DEPTH) {
      const header = await this.#options.observer.header(next);
      headers.unshift(header);
      next = header.parentHash;
    }
    return headers;
  }

  /**
   * The highest stored block that is still on the node's active chain, searched from `fromHeight` (no
   * higher than the node's tip). None within the kept headers: a reset chain (ResetDetected).
   */
  async #findFork(fromHeight: number, cursorHeight: number, tipHeight: number): Promise<BlockRef> {
    const { observer } = this.#options;
    for (let height = fromHeight; height >= 0; height -= 1) {
      const stored = await this.store.storedHash(height);
      if (stored === undefined) break;
      if ((await observer.blockHashAt(height)) === stored) return { height, hash: stored };
    }
    if (tipHeight < cursorHeight && observer.catchingUp && (await observer.catchingUp())) {
      // A node resyncing (a reindex, a fresh data dir catching up with its network): wait for it.
      throw new Error(
        `${this.chainId}: the node is catching up with its network (its tip ${tipHeight} is below the watcher's ${cursorHeight}); waiting for it`,
      );
    }
    throw new ResetDetected(
      `no common ancestor with the node within the ${KEPT_BLOCKS} kept block headers (the watcher was at height ${cursorHeight}, the node's tip is ${tipHeight}${tipHeight < cursorHeight ? ', below it' : ''}): a reset chain or another network`,
    );
  }

  async #refreshIndex(): Promise<void> {
    await this.#index.refresh((_chain, after, limit) => this.store.targetsAfter(after, limit));
  }

  /**
   * Transfers to a merchant's account that carry no open payment's tag or memo: never credited;
   * recorded as stray funds for the merchant (docs/stray-funds.md) and logged.
   */
  async #recordStrays(outputs: readonly ObservedOutput[], block: BlockRef): Promise<void> {
    const strays = this.#index.strays(outputs);
    if (strays.length > 0) await recordAccountStrays(this.#options.gateway, this.chainId, strays, block);
    for (const stray of strays) {
      this.#log.warn(
        {
          chainId: this.chainId,
          txid: stray.txid,
          account: stray.account,
          matchKey: stray.matchKey,
          amount: stray.amount.toString(),
          coin: stray.coinSymbol ?? this.#options.chain.coins[0]!.symbol,
          height: block.height,
        },
        "a transfer to a merchant's account carries no open payment's destination tag or memo: not credited to any payment",
      );
    }
  }

  #sightingInputs(matches: readonly TargetMatch[]): SightingInput[] {
    const native = this.#options.chain.coins[0]!.symbol;
    return matches.map(({ output, paymentId }) => ({
      txid: output.txid,
      index: output.index,
      paymentId,
      coinSymbol: output.coinSymbol ?? native,
      amount: output.amount,
    }));
  }

  /**
   * New mempool transactions are matched like a block. A sighting outside any block that is no longer
   * in the mempool is removed (evicted, replaced or double-spent), but only when the node's tip is
   * still the block just processed: otherwise it may simply have been mined since, and the next sync
   * finds it in its block.
   */
  async #scanMempool(cursor: BlockRef, caughtUp: boolean): Promise<void> {
    const observer = this.#options.observer;
    if (observer.strategy !== 'block-scan') return;
    const txids = await observer.mempoolTxids();
    const current = new Set(txids);
    const fresh = txids.filter((txid) => !this.#seenMempool.has(txid));
    if (fresh.length > 0) {
      const outputs = await observer.mempoolOutputs(fresh);
      await this.#refreshIndex();
      const matches = this.#index.match(outputs);
      const inserted = await this.store.sawInMempool(this.#sightingInputs(matches), this.#now);
      if (inserted > 0)
        this.#options.metrics?.matchedTransfers.inc({ chain: this.chainId, source: 'mempool' }, inserted);
    }
    this.#seenMempool = current;
    const missing = (await this.store.outsideBlocks()).filter((s) => !current.has(s.txid));
    if (missing.length > 0 && caughtUp && (await observer.tip()).hash === cursor.hash) {
      await this.store.markRemoved(missing, this.#now);
    }
  }

  /**
   * Tells the observer to drop what it keeps for each removed wallet none of whose targets is watched
   * any more (Monero's view-only wallet files), once per wallet and process.
   */
  async #forgetRemovedWallets(targets: readonly PollTarget[]): Promise<void> {
    const observer = this.#options.observer;
    if (observer.strategy !== 'target-poll' || !observer.forgetWallet) return;
    const watched = new Set(targets.flatMap((t) => (t.wallet ? [t.wallet.value] : [])));
    // A wallet watched again (added back after its removal) is forgotten again when next removed.
    for (const wallet of watched) this.#forgottenWallets.delete(wallet);
    for (const wallet of await this.store.removedWallets()) {
      if (watched.has(wallet) || this.#forgottenWallets.has(wallet)) continue;
      try {
        await observer.forgetWallet(wallet);
        this.#forgottenWallets.add(wallet);
      } catch (error) {
        // Tried again next sync; the payments still watched are not held up by it.
        this.#log.warn(
          { chainId: this.chainId, err: error instanceof Error ? error.message : String(error) },
          "cannot drop a removed wallet's backend state; trying again next sync",
        );
      }
    }
  }

  /**
   * Target-poll backends: ask about every open target, keep what is on the stored active chain.
   * Returns how many targets the backend could not read this time.
   */
  async #pollTargets(cursor: BlockRef, caughtUp: boolean): Promise<number> {
    const observer = this.#options.observer;
    if (observer.strategy !== 'target-poll') return 0;
    const targets = await this.store.pollTargets(this.#now);
    if (observer.forgetWallet) await this.#forgetRemovedWallets(targets);
    if (targets.length === 0) return 0;
    const { activity, unread, strays } = await observer.targetActivity(targets);
    for (const stray of strays ?? []) {
      // Recorded once its block is on the stored active chain, as a transfer would be.
      if (stray.block === null || stray.block.height > cursor.height) continue;
      if ((await this.store.storedHash(stray.block.height)) !== stray.block.hash) continue;
      await recordAccountStrays(this.#options.gateway, this.chainId, [stray], stray.block);
    }
    // Targets the backend could not read this time: nothing about them changes until it can.
    const skipped = new Set(unread);
    const paymentOf = new Map(
      targets.filter((t) => !skipped.has(t.matchKey)).map((t) => [t.matchKey, t.paymentId]),
    );
    const seen = new Set<string>();
    const inMempool: TargetMatch[] = [];
    const inBlocks = new Map<string, { block: BlockRef; matches: TargetMatch[] }>();
    for (const item of activity) {
      const paymentId = paymentOf.get(item.matchKey);
      if (paymentId === undefined) continue;
      seen.add(`${item.txid}:${item.index}`);
      if (item.block === null) {
        inMempool.push({ output: item, paymentId });
        continue;
      }
      // Only blocks already on our active chain count; a newer or stale one waits for the next sync.
      if (item.block.height > cursor.height) continue;
      if ((await this.store.storedHash(item.block.height)) !== item.block.hash) continue;
      const entry = inBlocks.get(item.block.hash) ?? { block: item.block, matches: [] };
      entry.matches.push({ output: item, paymentId });
      inBlocks.set(item.block.hash, entry);
    }
    let inserted = await this.store.sawInMempool(this.#sightingInputs(inMempool), this.#now);
    for (const { block, matches } of inBlocks.values()) {
      inserted += await this.store.sawInBlock(block, this.#sightingInputs(matches), this.#now);
    }
    if (inserted > 0)
      this.#options.metrics?.matchedTransfers.inc({ chain: this.chainId, source: 'poll' }, inserted);
    const polled = [...new Set(targets.filter((t) => !skipped.has(t.matchKey)).map((t) => t.paymentId))];
    const missing = (await this.store.outsideBlocks(polled)).filter((s) => !seen.has(`${s.txid}:${s.index}`));
    if (missing.length > 0 && caughtUp && (await observer.tip()).hash === cursor.hash) {
      await this.store.markRemoved(missing, this.#now);
    }
    return skipped.size;
  }

  /**
   * Reports every sighting whose depth or removal changed since its last report, grouped per payment
   * so the lifecycle decides once on the whole new view. Depth is counted on the active chain and
   * capped at the payment's required depth (deeper changes nothing).
   */
  async #report(tipHeight: number, finalizedHeight?: number): Promise<number> {
    const sightings = await this.store.unsettled();
    const byPayment = new Map<string, { observation: TransferObservation; settled: boolean }[]>();
    for (const s of sightings) {
      const counted =
        s.blockHeight === null ? 0 : Math.max(0, Math.min(s.depthCap, tipHeight - s.blockHeight + 1));
      // A chain with its own finality (TRON's solidified block): full depth once final, never before.
      const confirmations =
        s.removed || s.blockHeight === null
          ? 0
          : finalizedHeight === undefined
            ? counted
            : s.blockHeight <= Math.min(finalizedHeight, tipHeight)
              ? s.depthCap
              : Math.max(1, Math.min(s.depthCap - 1, counted));
      const settled = s.removed || (s.blockHeight !== null && confirmations >= s.depthCap);
      if (s.reportedConfirmations === confirmations && s.reportedRemoved === s.removed) {
        if (settled) await this.store.markReported(s, confirmations, s.removed, true);
        continue;
      }
      const list = byPayment.get(s.paymentId) ?? [];
      list.push({
        observation: {
          paymentId: s.paymentId,
          chainId: this.chainId,
          coinSymbol: s.coinSymbol,
          txId: s.txid,
          outputIndex: s.index,
          amount: s.amount,
          confirmations,
          removed: s.removed,
        },
        settled,
      });
      byPayment.set(s.paymentId, list);
    }
    let reported = 0;
    for (const [paymentId, items] of byPayment) {
      try {
        await recordTransferObservations(
          this.#options.gateway,
          paymentId,
          items.map((i) => i.observation),
        );
        for (const { observation, settled } of items) {
          await this.store.markReported(
            { txid: observation.txId, index: observation.outputIndex },
            observation.confirmations,
            observation.removed,
            settled,
          );
        }
        reported += items.length;
      } catch (error) {
        this.#log.error(
          { chainId: this.chainId, paymentId, err: error },
          'reporting a transfer failed; retrying next sync',
        );
      }
    }
    return reported;
  }
}
