/** One exchange rate as a source reported it. */
export interface RateQuote {
  /** Decimal string (contract `DecimalString` grammar, positive): fiat units per one whole coin. */
  readonly rate: string;
  /** Name of the source that produced the quote, e.g. `coinbase`. */
  readonly source: string;
  /** When the source produced (or fetched) the quote, by the source's clock. */
  readonly fetchedAt: Date;
}

/**
 * Somewhere exchange rates come from: a fixed table or a public market API.
 *
 * Contract for implementations:
 * - resolve `undefined` when the source does not list the pair (an expected answer, not a failure);
 * - reject (throw) on any failure: network error, timeout, HTTP error, malformed body;
 * - honour `signal` and stop work when it aborts.
 */
export interface RateSource {
  /** Stable short name, used in quotes and logs (`fixed`, `coinbase`, `kraken`). */
  readonly name: string;
  /**
   * Fetches the rate for one pair.
   *
   * @param coin - Upper-case coin symbol from the chain registry, e.g. `BTC`, `USDC`.
   * @param fiat - Upper-case ISO 4217 code, e.g. `EUR`.
   * @param signal - Aborts the request (the provider's per-source timeout).
   */
  fetchRate(coin: string, fiat: string, signal: AbortSignal): Promise<RateQuote | undefined>;
}

/** The minimal logger the rate code writes to; a pino logger fits. */
export interface RateLogger {
  warn(obj: object, msg: string): void;
}

/** The one source of time: returns the current instant. Inject a fake in tests. */
export type Clock = () => Date;
