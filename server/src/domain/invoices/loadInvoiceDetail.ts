import type { Invoice } from '@cairn/contract';
import type { ApiKeyLabel } from '../apiKeys/ApiKeySummary.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { retrieveInvoice } from './findInvoice.js';

/** An invoice as the dashboard's invoice page shows it: the API's object and the key it belongs to. */
export interface InvoiceDetail {
  /** As `GET /api/v1/invoices/{id}` returns it. */
  readonly invoice: Invoice;
  /** The key whose payment pays it (null only if the key row is gone). */
  readonly key: ApiKeyLabel | null;
}

/**
 * An invoice of the business and mode and the key it was made with.
 *
 * @throws {ApiError} NOT_FOUND for an id of another business or mode, or none.
 */
export async function loadInvoiceDetail(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
): Promise<InvoiceDetail> {
  const invoice = await retrieveInvoice(gateway, scope, id);
  const [key] = await gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ label: string; key_hint: string; status: ApiKeyLabel['status'] }[]>(
      'select k.label, k.key_hint, k.status from invoices i join api_keys k on k.id = i.api_key_id where i.id = ?',
      [id],
    );
  return { invoice, key: key ? { label: key.label, hint: key.key_hint, status: key.status } : null };
}
