import type { PaymentLink } from '@cairn/contract';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { deactivatePaymentLink } from './deactivatePaymentLink.js';

/**
 * A person deactivates a payment link of the business and mode ({@link deactivatePaymentLink}, as
 * the API does), audited, in one transaction.
 *
 * @throws {ApiError} NOT_FOUND.
 */
export async function deactivatePaymentLinkAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly scope: PaymentScope; readonly id: string },
): Promise<PaymentLink> {
  return gateway.orm.em.fork().transactional(async (em) => {
    const link = await deactivatePaymentLink(gateway, input.scope, input.id, em);
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.scope.businessId,
      action: 'payment_link.deactivated',
      target: link.id,
      details: { mode: input.scope.mode },
    });
    return link;
  });
}
