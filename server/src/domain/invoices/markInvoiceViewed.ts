import type { EntityManager } from '@mikro-orm/postgresql';
import type { Gateway } from '../gateway/Gateway.js';
import { findInvoiceRow } from './findInvoice.js';
import type { InvoiceRow } from './invoiceRow.js';
import { updateInvoice } from './updateInvoice.js';
import { writeInvoiceEvent } from './writeInvoiceEvent.js';

/**
 * The recipient opened the invoice page: the first time, `viewed_at` is set and `invoice.viewed` sent
 * (under the row lock, so two first opens send one event). Returns the invoice as it is now, or
 * undefined for an unknown id or a draft (not shown to anyone before it is sent). The merchant's
 * preview in the dashboard does not come through here.
 */
export async function markInvoiceViewed(
  gateway: Gateway,
  em: EntityManager,
  id: string,
): Promise<InvoiceRow | undefined> {
  const seen = await findInvoiceRow(em, undefined, id);
  if (!seen || seen.status === 'draft') return undefined;
  if (seen.viewed_at !== null) return seen;
  return em.transactional(async (tx) => {
    const row = await findInvoiceRow(tx, undefined, id, true);
    if (!row || row.status === 'draft') return undefined;
    if (row.viewed_at === null) {
      const now = gateway.clock.now();
      await updateInvoice(tx, row, { viewed_at: now }, now);
      await writeInvoiceEvent(gateway, tx, row, 'invoice.viewed');
    }
    return row;
  });
}
