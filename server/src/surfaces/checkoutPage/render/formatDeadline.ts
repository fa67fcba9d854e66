/** A deadline as a short UTC date and time, e.g. `Nov 21, 14:05 UTC`. */
export function formatDeadline(deadline: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(deadline);
}
