/**
 * 4xx statuses that mean the request itself is wrong, so a retry cannot succeed (docs/webhooks.md).
 * Every other non-2xx status, 408, 425 and 429 included, retries on the ladder.
 */
export const PERMANENT_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 405, 410, 413, 422]);

/** What a response status means for a delivery. */
export type StatusVerdict = 'delivered' | 'permanent' | 'retry';

/** 2xx is delivered; the permanent 4xx set skips retries; anything else (3xx included) retries. */
export function classifyStatus(status: number): StatusVerdict {
  if (status >= 200 && status < 300) return 'delivered';
  if (PERMANENT_STATUSES.has(status)) return 'permanent';
  return 'retry';
}
