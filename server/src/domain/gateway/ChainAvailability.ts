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
  /** Reads every chain's last sync from the database (the watchers of all instances write it). */
  refresh(): Promise<void>;
  /** Refreshes every `intervalMs` until {@link stop}, logging each chain that stops or starts being offered. */
  start(intervalMs?: number): void;
  stop(): void;
}
