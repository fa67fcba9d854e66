import type { Invoice } from '@cairn/contract';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { remindInvoice } from './remindInvoice.js';
import { sendInvoice } from './sendInvoice.js';
import { voidInvoice } from './voidInvoice.js';

/** What a person can do to an invoice from its page. */
export type InvoiceAction = 'send' | 'remind' | 'void';

const ACTIONS: Readonly<Record<InvoiceAction, { run: typeof sendInvoice; audit: string }>> = {
  send: { run: sendInvoice, audit: 'invoice.sent' },
  remind: { run: remindInvoice, audit: 'invoice.reminded' },
  void: { run: voidInvoice, audit: 'invoice.voided' },
};

/**
 * A person sends, reminds or voids an invoice of the business and mode (the API's own
 * {@link sendInvoice}, {@link remindInvoice}, {@link voidInvoice}), audited, in one transaction.
 *
 * @throws {ApiError} NOT_FOUND, INVALID_INVOICE_STATE, ... as the API answers them.
 */
export async function changeInvoiceAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly scope: PaymentScope; readonly id: string; readonly action: InvoiceAction },
): Promise<Invoice> {
  const { run, audit } = ACTIONS[input.action];
  return gateway.orm.em.fork().transactional(async (em) => {
    const invoice = await run(gateway, input.scope, input.id, em);
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.scope.businessId,
      action: audit,
      target: `${invoice.number} (${invoice.id})`,
      details: { mode: input.scope.mode },
    });
    return invoice;
  });
}
