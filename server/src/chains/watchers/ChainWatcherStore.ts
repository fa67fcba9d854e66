import type { BlockHeader, BlockRef, PolledTarget } from '@cairn/chain-core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/** Where a watcher stands on its chain. */
export interface Cursor extends BlockRef {
  readonly nodeHeight: number;
  readonly syncedAt: Date;
}

/** An output the watcher matched to a payment, as it is about to be stored. */
export interface SightingInput {
  readonly txid: string;
  readonly index: number;
  readonly paymentId: string;
  readonly coinSymbol: string;
  readonly amount: bigint;
}

/** A stored sighting and what was last reported of it. */
export interface Sighting {
  readonly txid: string;
  readonly index: number;
  readonly paymentId: string;
  readonly coinSymbol: string;
  readonly amount: bigint;
  readonly blockHash: string | null;
  readonly blockHeight: number | null;
  readonly removed: boolean;
  readonly depthCap: number;
  readonly reportedConfirmations: number | null;
  readonly reportedRemoved: boolean | null;
}

/** A target polled by a target-poll watcher. */
export interface PollTarget extends PolledTarget {
  readonly paymentId: string;
}

/** Headers kept per chain for finding a fork point; a deeper reorg stops the watcher with an error. */
export const KEPT_BLOCKS = 2000;

interface SightingRow {
  tx_id: string;
  output_index: number;
  payment_id: string;
  coin_symbol: string;
  amount: string;
  block_hash: string | null;
  block_height: number | null;
  removed: boolean;
  depth_cap: number;
  reported_confirmations: number | null;
  reported_removed: boolean | null;
}

const toSighting = (row: SightingRow): Sighting => ({
  txid: row.tx_id,
  index: Number(row.output_index),
  paymentId: row.payment_id,
  coinSymbol: row.coin_symbol,
  amount: BigInt(row.amount),
  blockHash: row.block_hash,
  blockHeight: row.block_height === null ? null : Number(row.block_height),
  removed: row.removed,
  depthCap: Number(row.depth_cap),
  reportedConfirmations: row.reported_confirmations === null ? null : Number(row.reported_confirmations),
  reportedRemoved: row.reported_removed,
});

const SIGHTING_COLUMNS = `tx_id, output_index, payment_id, coin_symbol, amount::text as amount, block_hash,
  block_height, removed, depth_cap, reported_confirmations, reported_removed`;

/**
 * The persisted state of one chain's watcher: the cursor and recent headers, the deposit targets it
 * loads, and its sightings (one row per chain, txid and output index, so re-processing a block after
 * a crash changes nothing). Every write that moves the cursor happens in one transaction with the
 * sightings of that block.
 */
export class ChainWatcherStore {
  constructor(
    private readonly orm: MikroORM,
    readonly chainId: string,
  ) {}

  async #sql<T>(query: string, params: unknown[] = [], em?: EntityManager): Promise<T[]> {
    const target = em ?? this.orm.em.fork();
    return target
      .getConnection()
      .execute<T[]>(query, params, 'all', em ? em.getTransactionContext() : undefined);
  }

  async #transaction<T>(run: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(run);
  }

  /** The cursor, or undefined before the first sync. */
  async cursor(): Promise<Cursor | undefined> {
    const [row] = await this.#sql<{ height: number; hash: string; node_height: number; synced_at: Date }>(
      'select height, hash, node_height, synced_at from chain_cursors where chain_id = ?',
      [this.chainId],
    );
    return row
      ? {
          height: Number(row.height),
          hash: row.hash,
          nodeHeight: Number(row.node_height),
          syncedAt: new Date(row.synced_at),
        }
      : undefined;
  }

  /**
   * Starts following the chain at the last of `headers` (first sync: the watcher starts at the tip; a
   * few ancestors are kept so a reorg of the first blocks still finds its fork point).
   */
  async start(headers: readonly BlockHeader[], now: Date, instanceId: string): Promise<void> {
    const header = headers.at(-1)!;
    await this.#transaction(async (em) => {
      for (const h of headers) await this.#saveBlock(em, h);
      await this.#sql(
        `insert into chain_cursors (chain_id, height, hash, node_height, synced_at, instance_id)
         values (?, ?, ?, ?, ?, ?) on conflict (chain_id) do nothing`,
        [this.chainId, header.height, header.hash, header.height, now.toISOString(), instanceId],
        em,
      );
    });
  }

  /** The stored active-chain hash at `height`, if still kept. */
  async storedHash(height: number): Promise<string | undefined> {
    const [row] = await this.#sql<{ hash: string }>(
      'select hash from chain_blocks where chain_id = ? and height = ?',
      [this.chainId, height],
    );
    return row?.hash;
  }

  async #saveBlock(em: EntityManager, header: BlockHeader): Promise<void> {
    await this.#sql(
      `insert into chain_blocks (chain_id, height, hash, parent_hash) values (?, ?, ?, ?)
       on conflict (chain_id, height) do update set hash = excluded.hash, parent_hash = excluded.parent_hash`,
      [this.chainId, header.height, header.hash, header.parentHash],
      em,
    );
  }

  async #upsertInBlock(em: EntityManager, block: BlockRef, matches: readonly SightingInput[], now: Date) {
    let inserted = 0;
    for (const match of matches) {
      const [row] = await this.#sql<{ inserted: boolean }>(
        `insert into chain_sightings (chain_id, tx_id, output_index, payment_id, coin_symbol, amount,
           block_hash, block_height, depth_cap, first_seen_at, updated_at)
         select ?, ?, ?, p.id, ?, ?, ?, ?, greatest(coalesce(p.required_confirmations, 1), 1), ?, ?
           from payments p where p.id = ?
         on conflict (chain_id, tx_id, output_index) do update
           set block_hash = excluded.block_hash, block_height = excluded.block_height, removed = false,
               settled = false, updated_at = excluded.updated_at
           where chain_sightings.block_hash is distinct from excluded.block_hash or chain_sightings.removed
         returning (xmax = 0) as inserted`,
        [
          this.chainId,
          match.txid,
          match.index,
          match.coinSymbol,
          match.amount.toString(),
          block.hash,
          block.height,
          now.toISOString(),
          now.toISOString(),
          match.paymentId,
        ],
        em,
      );
      if (row?.inserted) inserted += 1;
    }
    return inserted;
  }

  /**
   * Appends a block to the active chain with the outputs matched in it, and moves the cursor onto it,
   * in one transaction. Returns how many sightings were new.
   */
  async advance(
    header: BlockHeader,
    matches: readonly SightingInput[],
    nodeHeight: number,
    now: Date,
  ): Promise<number> {
    return this.#transaction(async (em) => {
      await this.#saveBlock(em, header);
      const inserted = await this.#upsertInBlock(em, header, matches, now);
      await this.#sql(
        `update chain_cursors set height = ?, hash = ?, node_height = greatest(?, ?), synced_at = ?
          where chain_id = ?`,
        [header.height, header.hash, nodeHeight, header.height, now.toISOString(), this.chainId],
        em,
      );
      if (header.height % 100 === 0) {
        await this.#sql(
          'delete from chain_blocks where chain_id = ? and height < ?',
          [this.chainId, header.height - KEPT_BLOCKS],
          em,
        );
      }
      return inserted;
    });
  }

  /** Stores outputs a target-poll backend reports in a block already on the stored active chain. */
  async sawInBlock(block: BlockRef, matches: readonly SightingInput[], now: Date): Promise<number> {
    return this.#transaction((em) => this.#upsertInBlock(em, block, matches, now));
  }

  /**
   * Rewinds to the fork point after a reorg: forgets the orphaned headers and takes the sightings in
   * orphaned blocks out of their block (they are back in the mempool, re-mined, or gone; the next steps
   * of the sync say which). Returns how many sightings were orphaned.
   */
  async rewind(fork: BlockRef, now: Date): Promise<number> {
    return this.#transaction(async (em) => {
      await this.#sql(
        'delete from chain_blocks where chain_id = ? and height > ?',
        [this.chainId, fork.height],
        em,
      );
      const orphaned = await this.#sql<{ tx_id: string }>(
        `update chain_sightings set block_hash = null, block_height = null, settled = false, updated_at = ?
          where chain_id = ? and block_height > ? returning tx_id`,
        [now.toISOString(), this.chainId, fork.height],
        em,
      );
      await this.#sql(
        'update chain_cursors set height = ?, hash = ?, synced_at = ? where chain_id = ?',
        [fork.height, fork.hash, now.toISOString(), this.chainId],
        em,
      );
      return orphaned.length;
    });
  }

  /**
   * Stores outputs seen outside a block (mempool). An output already known in a block keeps its block;
   * a removed one comes back. Returns how many sightings were new.
   */
  async sawInMempool(matches: readonly SightingInput[], now: Date): Promise<number> {
    let inserted = 0;
    for (const match of matches) {
      const [row] = await this.#sql<{ inserted: boolean }>(
        `insert into chain_sightings (chain_id, tx_id, output_index, payment_id, coin_symbol, amount,
           depth_cap, first_seen_at, updated_at)
         select ?, ?, ?, p.id, ?, ?, greatest(coalesce(p.required_confirmations, 1), 1), ?, ?
           from payments p where p.id = ?
         on conflict (chain_id, tx_id, output_index) do update
           set removed = false, settled = false, updated_at = excluded.updated_at
           where chain_sightings.removed
         returning (xmax = 0) as inserted`,
        [
          this.chainId,
          match.txid,
          match.index,
          match.coinSymbol,
          match.amount.toString(),
          now.toISOString(),
          now.toISOString(),
          match.paymentId,
        ],
      );
      if (row?.inserted) inserted += 1;
    }
    return inserted;
  }

  /** Sightings outside any block and not removed: in the mempool, or orphaned by a reorg. */
  async outsideBlocks(paymentIds?: readonly string[]): Promise<Sighting[]> {
    const rows = await this.#sql<SightingRow>(
      `select ${SIGHTING_COLUMNS} from chain_sightings
        where chain_id = ? and block_hash is null and not removed
        ${paymentIds ? 'and payment_id = any(?::uuid[])' : ''}`,
      paymentIds ? [this.chainId, `{${paymentIds.join(',')}}`] : [this.chainId],
    );
    return rows.map(toSighting);
  }

  /** Marks sightings removed (dropped from the mempool, double-spent, or reorged out for good). */
  async markRemoved(sightings: readonly Pick<Sighting, 'txid' | 'index'>[], now: Date): Promise<void> {
    for (const s of sightings) {
      await this.#sql(
        `update chain_sightings set removed = true, settled = false, updated_at = ?
          where chain_id = ? and tx_id = ? and output_index = ? and block_hash is null`,
        [now.toISOString(), this.chainId, s.txid, s.index],
      );
    }
  }

  /** Sightings whose report may be out of date (new, moved, removed, or not yet at their depth cap). */
  async unsettled(): Promise<Sighting[]> {
    const rows = await this.#sql<SightingRow>(
      `select ${SIGHTING_COLUMNS} from chain_sightings where chain_id = ? and not settled
        order by first_seen_at, tx_id, output_index`,
      [this.chainId],
    );
    return rows.map(toSighting);
  }

  /** Remembers what was reported; a settled sighting is not looked at again until it changes. */
  async markReported(
    s: Pick<Sighting, 'txid' | 'index'>,
    confirmations: number,
    removed: boolean,
    settled: boolean,
  ): Promise<void> {
    await this.#sql(
      `update chain_sightings set reported_confirmations = ?, reported_removed = ?, settled = ?
        where chain_id = ? and tx_id = ? and output_index = ? and removed = ?`,
      [confirmations, removed, settled, this.chainId, s.txid, s.index, removed],
    );
  }

  /** Deposit targets after `afterSeq`, for the in-memory index. */
  async targetsAfter(
    afterSeq: number,
    limit: number,
  ): Promise<{ seq: number; matchKey: string; paymentId: string; address: string }[]> {
    const rows = await this.#sql<{ seq: string; match_key: string; payment_id: string; address: string }>(
      `select seq::text as seq, match_key, payment_id, address from deposit_targets
        where chain_id = ? and seq > ? order by seq limit ?`,
      [this.chainId, afterSeq, limit],
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      matchKey: r.match_key,
      paymentId: r.payment_id,
      address: r.address,
    }));
  }

  /**
   * The targets a target-poll watcher asks about: the current holder of each address, for payments
   * still open, inside their late grace (plus a day, for payments after the grace to be recorded), or
   * with a sighting still settling; and, for the target-poll backends (no `coinSymbol`), cancelled
   * ones for 14 days after their late grace, unless a newer payment took their address over: a
   * customer who paid and pressed Cancel sends money after
   * the close, reported like a block-scan family's, and a transaction signed before the cancel is
   * mined or leaves Bitcoin Core's mempool (`-mempoolexpiry`, 336 h) within that. With `coinSymbol`,
   * only payments that picked that coin (an EVM watcher reads the balances of native-coin targets, a
   * read per target and block, so it keeps to the shorter window).
   */
  async pollTargets(now: Date, coinSymbol?: string): Promise<PollTarget[]> {
    const rows = await this.#sql<{
      payment_id: string;
      match_key: string;
      address: string;
      wallet: string | null;
      derivation_index: number | null;
    }>(
      `select distinct on (t.match_key) t.payment_id, t.match_key, t.address,
              w.value as wallet, p.derivation_index
         from deposit_targets t join payments p on p.id = t.payment_id
         left join wallets w on w.id = p.wallet_id
        where t.chain_id = ?
          and (?::text is null or p.selected_coin_symbol = ?::text)
          and (p.status in ('awaiting_payment', 'payment_detected', 'confirming', 'underpaid')
               or p.late_grace_ends_at > ?::timestamptz - interval '1 day'
               or (?::text is null and p.status = 'cancelled' and not p.derivation_index_recycled
                   and p.late_grace_ends_at > ?::timestamptz - interval '14 days')
               or exists (select 1 from chain_sightings s where s.payment_id = p.id and not s.settled))
        order by t.match_key, t.seq desc`,
      [
        this.chainId,
        coinSymbol ?? null,
        coinSymbol ?? null,
        now.toISOString(),
        coinSymbol ?? null,
        now.toISOString(),
      ],
    );
    return rows.map((r) => ({
      paymentId: r.payment_id,
      matchKey: r.match_key,
      address: r.address,
      ...(r.wallet !== null && r.derivation_index !== null
        ? { wallet: { value: r.wallet, index: Number(r.derivation_index) } }
        : {}),
    }));
  }

  /**
   * The values of this chain's removed wallets (a removed wallet's row stays: see removeWallet), but
   * not one added again since.
   */
  async removedWallets(): Promise<string[]> {
    const rows = await this.#sql<{ value: string }>(
      `select distinct w.value from wallets w
        where w.chain_id = ? and w.removed_at is not null
          and not exists (select 1 from wallets a
                           where a.chain_id = w.chain_id and a.value = w.value and a.removed_at is null)`,
      [this.chainId],
    );
    return rows.map((r) => r.value);
  }

  /** Notes a successful sync: the node's height and this instance as the active watcher. */
  async heartbeat(nodeHeight: number, now: Date, instanceId: string): Promise<void> {
    await this.#sql(
      `update chain_cursors set node_height = ?, synced_at = ?, instance_id = ?, last_error = null
        where chain_id = ?`,
      [nodeHeight, now.toISOString(), instanceId, this.chainId],
    );
  }

  /** Notes a failed sync (shown by `chains:status`). */
  async noteError(message: string, now: Date): Promise<void> {
    await this.#sql('update chain_cursors set last_error = ?, last_error_at = ? where chain_id = ?', [
      message.slice(0, 1000),
      now.toISOString(),
      this.chainId,
    ]);
  }
}
