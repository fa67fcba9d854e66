/** Delays before retries 1 to 8 (docs/webhooks.md, Retries), in milliseconds, before jitter. */
export const RETRY_DELAYS_MS: readonly number[] = [
  10_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  8 * 3_600_000,
  24 * 3_600_000,
];

/** Attempts in total: the first one plus eight retries. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Each delay is multiplied by a random factor in [1 - JITTER, 1 + JITTER]. */
export const JITTER = 0.25;

/** The longest delay the ladder can produce (24 h + 25 %); a longer `Retry-After` is not honoured. */
export const LONGEST_RETRY_DELAY_MS = RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]! * (1 + JITTER);

/**
 * The delay before the next attempt after `attemptsMade` failed attempts (1 to 8), with ±25 % jitter
 * from `random` (a number in [0, 1)). A `Retry-After` (ms) is honoured when it lies within the ladder's
 * bounds: not sooner than this step's shortest jittered delay and not later than the ladder's longest;
 * outside them the ladder's delay is used.
 */
export function retryDelayMs(attemptsMade: number, random: () => number, retryAfterMs?: number): number {
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  if (base === undefined) throw new RangeError(`no retry after attempt ${attemptsMade}`);
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  if (
    retryAfterMs !== undefined &&
    retryAfterMs >= base * (1 - JITTER) &&
    retryAfterMs <= LONGEST_RETRY_DELAY_MS
  ) {
    return retryAfterMs;
  }
  return jittered;
}
