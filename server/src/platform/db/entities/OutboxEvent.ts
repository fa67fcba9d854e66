import type { Mode } from '@cairn/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * A webhook event written in the same transaction as the state change it reports. The table's `body`
 * column (the payload as text, the exact bytes every delivery signs and sends) is filled by a
 * database trigger on insert and is not mapped here.
 */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_events',
  properties: {
    /** The uuid of `evt_<uuid>`. */
    id: p.uuid().primary(),
    businessId: p.uuid(),
    apiKeyId: p.uuid().nullable(),
    mode: p.string().$type<Mode>(),
    paymentId: p.uuid().nullable(),
    /** The invoice the event is about: its invoice.* events, and the events of its payments. */
    invoiceId: p.uuid().nullable(),
    event: p.string(),
    payload: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
  },
});
export type IOutboxEvent = InferEntity<typeof OutboxEvent>;
