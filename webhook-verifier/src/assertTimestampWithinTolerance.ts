import { TimestampOutsideToleranceError } from './errors.js';
import type { Clock } from './types.js';

/**
 * Default maximum distance between now and a header's `t`, in seconds (300, as Cairn's webhook documentation says).
 *
 * @example
 * ```ts
 * import { DEFAULT_TOLERANCE_SECONDS } from '@cairn/webhook-verifier';
 *
 * console.log(DEFAULT_TOLERANCE_SECONDS); // 300
 * ```
 */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Throws unless `|now - timestamp| <= toleranceSeconds`, comparing whole seconds (now is floored).
 * Both directions count: a `t` in the future beyond the tolerance is rejected too.
 *
 * @param timestamp - The header's `t`, Unix seconds.
 * @param toleranceSeconds - Allowed distance in seconds; `Infinity` disables the check (not recommended).
 * @param now - Clock; default `Date.now`.
 * @throws {@link TimestampOutsideToleranceError} when outside the tolerance.
 * A negative or `NaN` tolerance (or clock) rejects every timestamp: the check fails closed.
 */
export function assertTimestampWithinTolerance(
  timestamp: number,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
  now?: Clock,
): void {
  const age = Math.floor(+(now ? now() : Date.now()) / 1000) - timestamp;
  if (!(Math.abs(age) <= toleranceSeconds)) {
    throw new TimestampOutsideToleranceError(age, toleranceSeconds);
  }
}
