import { randomUUID } from 'node:crypto';
import type { InvoiceEventName } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxEvent } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { rfc3339 } from '../payments/serializePayment.js';
import { type InvoiceRow, serializeInvoice } from './invoiceRow.js';

/**
 * Writes an invoice event to the outbox in the caller's transaction, as the invoice is now: delivered
 * like every event, to the endpoint of the invoice's API key when it subscribed to this event
 * (invoice events are not subscribed by default), and listed by the events API with `invoice_id`.
 */
export async function writeInvoiceEvent(
  gateway: Gateway,
  em: EntityManager,
  invoice: InvoiceRow,
  event: InvoiceEventName,
): Promise<void> {
  const id = randomUUID();
  const now = gateway.clock.now();
  em.create(OutboxEvent, {
    id,
    businessId: invoice.business_id,
    apiKeyId: invoice.api_key_id,
    mode: invoice.mode,
    paymentId: null,
    invoiceId: invoice.id,
    event,
    payload: {
      id: `evt_${id}`,
      event,
      created_at: rfc3339(now),
      data: { invoice: serializeInvoice(gateway.config, invoice, now) },
    },
    createdAt: now,
  });
  await em.flush();
}
