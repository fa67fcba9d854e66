import type { ObservedOutput } from '@cairn/chain-core';

/** An output that pays a deposit target, and the payment the target belongs to. */
export interface TargetMatch {
  readonly output: ObservedOutput;
  readonly paymentId: string;
}

/** Reads deposit-target rows after `afterSeq`, oldest first (at most `limit`). */
export type DepositTargetLoader = (
  chainId: string,
  afterSeq: number,
  limit: number,
) => Promise<readonly { seq: number; matchKey: string; paymentId: string }[]>;

const PAGE = 50_000;

/**
 * The watcher's in-memory index of one chain's deposit targets: match key (scriptPubKey hex on UTXO
 * chains) to payment id, so matching a block costs one hash lookup per output, whatever the number of
 * open payments. Targets are loaded incrementally in allocation order (`deposit_targets.seq`); a later
 * target with the same key (a recycled address) takes the key over.
 */
export class DepositTargetIndex {
  readonly #byKey = new Map<string, string>();
  #lastSeq = 0;

  constructor(readonly chainId: string) {}

  /** Number of distinct match keys. */
  get size(): number {
    return this.#byKey.size;
  }

  /** The last `deposit_targets.seq` loaded. */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** Adds (or takes over) one key. */
  add(matchKey: string, paymentId: string): void {
    this.#byKey.set(matchKey, paymentId);
  }

  /** The payment a key belongs to, if any. */
  lookup(matchKey: string): string | undefined {
    return this.#byKey.get(matchKey);
  }

  /** The outputs that pay a target: one map lookup per output. */
  match(outputs: readonly ObservedOutput[]): TargetMatch[] {
    const matches: TargetMatch[] = [];
    for (const output of outputs) {
      const paymentId = this.#byKey.get(output.matchKey);
      if (paymentId !== undefined) matches.push({ output, paymentId });
    }
    return matches;
  }

  /** Loads the targets allocated since the last refresh; returns how many were read. */
  async refresh(load: DepositTargetLoader): Promise<number> {
    let read = 0;
    for (;;) {
      const rows = await load(this.chainId, this.#lastSeq, PAGE);
      for (const row of rows) {
        this.#byKey.set(row.matchKey, row.paymentId);
        this.#lastSeq = row.seq;
      }
      read += rows.length;
      if (rows.length < PAGE) return read;
    }
  }
}
