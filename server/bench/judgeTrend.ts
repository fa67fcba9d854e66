/** How much change a series may show and still be called flat: the larger of both. */
export interface Tolerance {
  /** In the series' unit. */
  readonly absolute: number;
  /** A fraction of the larger quarter mean. */
  readonly relative: number;
}

/** A resource series over a run, judged. */
export interface Trend {
  /** Minutes judged (the warm-up minute left out when there are enough). */
  readonly samples: number;
  readonly firstQuarterMean: number;
  readonly lastQuarterMean: number;
  /** Least-squares slope over the judged samples, per hour. */
  readonly slopePerHour: number;
  readonly verdict: 'flat' | 'grows' | 'falls';
  /** The change allowed for `flat`. */
  readonly tolerance: number;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Judges a per-minute series (`values[i]` sampled at the end of minute i + 1). The first minute is left
 * out when at least 5 remain (start-up: code compiled, caches and pools filled), then the means of the
 * first and last quarters are compared and a least-squares slope is fitted. The series grows (falls)
 * when the last quarter is above (below) the first by more than the tolerance and the slope agrees;
 * otherwise it is flat.
 */
export function judgeTrend(values: readonly number[], tolerance: Tolerance): Trend {
  const skip = values.length >= 6 ? 1 : 0;
  const ys = values.slice(skip);
  const xs = ys.map((_, i) => (i + skip + 1) / 60); // hours
  const n = ys.length;
  if (n === 0) throw new Error('judgeTrend: no samples');
  const quarter = Math.max(1, Math.floor(n / 4));
  const firstQuarterMean = mean(ys.slice(0, quarter));
  const lastQuarterMean = mean(ys.slice(n - quarter));
  let slopePerHour = 0;
  if (n >= 2) {
    const mx = mean(xs);
    const my = mean(ys);
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < n; i += 1) {
      sxy += (xs[i]! - mx) * (ys[i]! - my);
      sxx += (xs[i]! - mx) ** 2;
    }
    slopePerHour = sxy / sxx;
  }
  const allowed = Math.max(
    tolerance.absolute,
    tolerance.relative * Math.max(Math.abs(firstQuarterMean), Math.abs(lastQuarterMean)),
  );
  const change = lastQuarterMean - firstQuarterMean;
  const verdict =
    change > allowed && slopePerHour > 0 ? 'grows' : change < -allowed && slopePerHour < 0 ? 'falls' : 'flat';
  return { samples: n, firstQuarterMean, lastQuarterMean, slopePerHour, verdict, tolerance: allowed };
}
