/**
 * Time left until `deadline` as `m:ss` or `h:mm:ss` (`0:00` once passed). The browser script counts
 * down with the same format.
 */
export function formatTimeLeft(deadline: Date, now: Date): string {
  const total = Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
