/** Whether a chain is offered to payments right now, and why. */
export interface ChainOffer {
  readonly chainId: string;
  readonly offered: boolean;
  /** In words, safe to show anyone (API errors, the checkout): no host, port or node error in it. */
  readonly reason: string;
  /** The watcher's last error, for the operator only (log lines, `cairn chains:status`). */
  readonly detail?: string;
}

/** Which enabled chains payments may be offered now (see `domain/chainOffers/judgeChainOffer.ts`). */
export interface ChainAvailability {
  /** Whether new payments and picks may use `chainId` now. Cheap: no I/O. */
  isOffered(chainId: string): boolean;
  /** The judgement of one chain, with its reason. */
  offerOf(chainId: string): ChainOffer;
  /** Every enabled chain that has an adapter, judged now. */
  offers(): ChainOffer[];
  /** A watcher of this process synced `chainId` at `at` (seen at once, before the next refresh). */
  noteSync(chainId: string, at: Date): void;
  /** A watcher of this process failed a sync of `chainId` (kept until its next successful sync). */
  noteSyncFailed(chainId: string, error: string): void;
  /**
   * A watcher of this process started on, or became the active one of, `chainId` at `since`
   * (undefined: it stands by or stopped). Until it syncs, the chain is not offered, whatever an
   * earlier watcher synced.
   */
  noteActive(chainId: string, since: Date | undefined): void;
  /**
   * A watcher of this process found `chainId`'s node reset or on another network and waits for the
   * operator (live chains), or re-anchored (undefined). Every instance also reads it from the database.
   */
  noteReset(chainId: string, detail: string | undefined): void;
  /**
   * Takes a chain out of every offer (its node serves another network, or could not be checked yet:
   * the start-up checks); `reason` is safe to show anyone, `detail` is for the operator.
   */
  disableChain(chainId: string, reason: string, detail?: string): void;
  /** Undoes {@link disableChain} (a chain whose node could not be checked at start passed a later check). */
  enableChain(chainId: string): void;
  /** Takes one token of a chain out of every offer (wrong decimals, no contract code at its address). */
  disableCoin(chainId: string, symbol: string, reason: string, detail?: string): void;
  /** Whether `symbol` on `chainId` may be offered now: the chain is, and the token was not disabled. */
  coinOfferOf(chainId: string, symbol: string): ChainOffer;
  /** Reads every chain's last sync from the database (the watchers of all instances write it). */
  refresh(): Promise<void>;
  /** Refreshes every `intervalMs` until {@link stop}, logging each chain that stops or starts being offered. */
  start(intervalMs?: number): void;
  stop(): void;
}
