import type { CreateInvoiceRequest, Invoice } from '@cairn/contract';
import { loadActiveKey } from '../apiKeys/authenticate.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { createInvoice } from './createInvoice.js';

/**
 * A person creates a draft invoice of one of the business's active keys of the mode
 * ({@link createInvoice}, as `POST /api/v1/invoices` with that key), audited with its number, total and
 * currency, in one transaction. Undefined when the key is no active key of the business and mode.
 *
 * @throws {ApiError} VALIDATION_ERROR, INVOICE_NUMBER_TAKEN, ... as the API answers them.
 */
export async function createInvoiceAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly scope: PaymentScope; readonly apiKeyId: string; readonly request: CreateInvoiceRequest },
): Promise<Invoice | undefined> {
  const { scope } = input;
  return gateway.orm.em.fork().transactional(async (em) => {
    const auth = await loadActiveKey(gateway.orm, input.apiKeyId, gateway.clock.now(), em);
    if (!auth || auth.businessId !== scope.businessId || auth.mode !== scope.mode) return undefined;
    const invoice = await createInvoice(gateway, auth, input.request, em);
    await recordAudit(em, gateway.clock, actor, {
      businessId: scope.businessId,
      action: 'invoice.created',
      target: `${invoice.number} (${invoice.id})`,
      details: { mode: scope.mode, total: invoice.total, fiat_currency: invoice.fiat_currency },
    });
    return invoice;
  });
}
