import type { Invoice } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { INVOICE_COLUMNS, type InvoiceRow, serializeInvoice } from './invoiceRow.js';

/** 404 for an invoice id that does not exist in the caller's business and mode. */
export const invoiceNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No invoice ${id} for this API key.`);

/**
 * An invoice of the scope's business and mode (any business without a scope: the invoice page, where
 * the id is the recipient's credential), or undefined. With `forUpdate`, the row stays locked until
 * `em`'s transaction ends: every change of an invoice takes this lock (after the locks of the
 * invoice's payments, where it takes those too: the lifecycle's order).
 */
export async function findInvoiceRow(
  em: EntityManager,
  scope: PaymentScope | undefined,
  id: string,
  forUpdate = false,
): Promise<InvoiceRow | undefined> {
  const where = scope ? 'i.id = ? and i.business_id = ? and i.mode = ?' : 'i.id = ?';
  const params = scope ? [id, scope.businessId, scope.mode] : [id];
  const [row] = await em
    .getConnection()
    .execute<InvoiceRow[]>(
      `select ${INVOICE_COLUMNS} from invoices i where ${where}${forUpdate ? ' for update' : ''}`,
      params,
      'all',
      em.getTransactionContext(),
    );
  return row;
}

/** GET /api/v1/invoices/{id}. */
export async function retrieveInvoice(gateway: Gateway, scope: PaymentScope, id: string): Promise<Invoice> {
  const row = await findInvoiceRow(gateway.orm.em.fork(), scope, id);
  if (!row) throw invoiceNotFound(id);
  return serializeInvoice(gateway.config, row, gateway.clock.now());
}
