import { type ParsedListEventsQuery, parseEventTypeFilter } from '@cairn/contract';
import type { PaymentScope } from '../payments/lockPayment.js';

/** The event list's filters, as the list and the export take them. */
export type EventFilter = Pick<
  ParsedListEventsQuery,
  'type' | 'payment_id' | 'invoice_id' | 'created_gte' | 'created_lt'
>;

/**
 * The conditions (on `outbox_events o`, knex `?` placeholders) that select a scope's events matching
 * the list's filters: type, payment, invoice and creation time. Shared by the list and the export, so
 * both select the same events.
 */
export function eventFilterConditions(
  scope: PaymentScope,
  filter: EventFilter,
): { where: string[]; params: unknown[] } {
  const where = ['o.business_id = ?', 'o.mode = ?'];
  const params: unknown[] = [scope.businessId, scope.mode];
  const types = parseEventTypeFilter(filter.type);
  if (types) {
    where.push(`o.event in (${types.map(() => '?').join(', ')})`);
    params.push(...types);
  }
  if (filter.payment_id !== undefined) {
    where.push('o.payment_id = ?');
    params.push(filter.payment_id);
  }
  if (filter.invoice_id !== undefined) {
    where.push('o.invoice_id = ?');
    params.push(filter.invoice_id);
  }
  if (filter.created_gte !== undefined) {
    where.push('o.created_at >= ?');
    params.push(new Date(filter.created_gte));
  }
  if (filter.created_lt !== undefined) {
    where.push('o.created_at < ?');
    params.push(new Date(filter.created_lt));
  }
  return { where, params };
}
