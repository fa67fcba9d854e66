/**
 * A time as the API and the events write it (RFC 3339, UTC, whole seconds without `.000`), as
 * payments' `rfc3339` does; here so stray funds need nothing of the payments module, which records
 * them.
 */
export const rfc3339 = (date: Date) => date.toISOString().replace('.000Z', 'Z');
