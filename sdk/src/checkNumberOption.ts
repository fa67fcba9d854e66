/**
 * Checks a numeric option: a `count` is a non-negative integer (retries), a `duration` a positive
 * finite number of milliseconds (timeouts). Returns the value, or throws a `TypeError` naming the option.
 */
export function checkNumberOption(name: string, value: number, kind: 'count' | 'duration'): number {
  const valid =
    kind === 'count' ? Number.isInteger(value) && value >= 0 : Number.isFinite(value) && value > 0;
  if (!valid) {
    throw new TypeError(
      `Cairn: \`${name}\` must be ${kind === 'count' ? 'a non-negative integer' : 'a positive number of milliseconds'}`,
    );
  }
  return value;
}
