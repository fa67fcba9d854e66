/** Unix seconds of a `Date`, of a number of seconds (floored), or of now. */
export function toUnixSeconds(timestamp: number | Date = new Date()): number {
  return Math.floor(timestamp instanceof Date ? +timestamp / 1000 : timestamp);
}
