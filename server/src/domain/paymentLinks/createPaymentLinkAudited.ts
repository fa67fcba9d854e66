import type { CreatePaymentLinkRequest, PaymentLink } from '@cairn/contract';
import { loadActiveKey } from '../apiKeys/authenticate.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { createPaymentLink } from './createPaymentLink.js';

/**
 * A person creates a payment link of one of the business's active keys of the mode
 * ({@link createPaymentLink}, as `POST /api/v1/payment-links` with that key), audited with its amount
 * and key, in one transaction. Undefined when the key is no active key of the business and mode.
 *
 * @throws {ApiError} as the API answers (VALIDATION_ERROR, ...).
 */
export async function createPaymentLinkAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: {
    readonly scope: PaymentScope;
    readonly apiKeyId: string;
    readonly request: CreatePaymentLinkRequest;
  },
): Promise<PaymentLink | undefined> {
  const { scope } = input;
  return gateway.orm.em.fork().transactional(async (em) => {
    const auth = await loadActiveKey(gateway.orm, input.apiKeyId, gateway.clock.now(), em);
    if (!auth || auth.businessId !== scope.businessId || auth.mode !== scope.mode) return undefined;
    const link = await createPaymentLink(gateway, auth, input.request, em);
    await recordAudit(em, gateway.clock, actor, {
      businessId: scope.businessId,
      action: 'payment_link.created',
      target: link.id,
      details: {
        mode: scope.mode,
        fiat_amount: link.fiat_amount,
        fiat_currency: link.fiat_currency,
        api_key_id: auth.apiKey.id,
      },
    });
    return link;
  });
}
