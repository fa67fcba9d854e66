import { PAYMENT_STATUSES, type PaymentStatus } from '@cairn/contract';
import type { PaymentFilters } from '../render/paymentPages.js';
import { parseDayFilter } from './dayFilter.js';

/** The list's query string as Fastify parses it (a repeated `status` is an array). */
export type PaymentListQuery = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** The payments list's filters read from its query string, with what they narrow the list to. */
export interface ParsedPaymentFilters {
  /** As the form shows them. */
  readonly filters: PaymentFilters;
  /** Messages by field (a malformed date, an end before the start); empty when every filter is usable. */
  readonly errors: Record<string, string>;
  /** Created at or after (the start of the `from` day). */
  readonly createdFrom?: Date;
  /** Created before (the end of the `to` day, inclusive of it). */
  readonly createdBefore?: Date;
}

/**
 * The filters of the dashboard's payments list, shared by the list and its exports: statuses (known
 * ones only, each once), the search box (trimmed, at most 200 characters) and the created range
 * (UTC days, both ends inclusive).
 */
export function parsePaymentFilters(query: PaymentListQuery): ParsedPaymentFilters {
  const statuses = [query.status ?? []]
    .flat()
    .filter((s): s is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(s));
  const filters: PaymentFilters = {
    statuses: [...new Set(statuses)],
    q: one(query.q).trim().slice(0, 200),
    from: one(query.from).trim(),
    to: one(query.to).trim(),
  };
  const errors: Record<string, string> = {};
  const fromDay = filters.from ? parseDayFilter(filters.from) : undefined;
  const toDay = filters.to ? parseDayFilter(filters.to) : undefined;
  if (fromDay && 'error' in fromDay) errors.from = fromDay.error;
  if (toDay && 'error' in toDay) errors.to = toDay.error;
  const from = fromDay && 'start' in fromDay ? fromDay.start : undefined;
  // The end date is inclusive: before the start of the next day (none after 9999-12-31).
  const toStart = toDay && 'start' in toDay ? toDay.start : undefined;
  const before = toDay && 'start' in toDay ? toDay.end : undefined;
  if (from && toStart && toStart < from) errors.to = 'The end date is before the start date.';
  return {
    filters,
    errors,
    ...(from ? { createdFrom: from } : {}),
    ...(before ? { createdBefore: before } : {}),
  };
}
