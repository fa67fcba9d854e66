import type { PaymentLink } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../platform/db/inTransaction.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { findPaymentLinkRow, paymentLinkNotFound } from './findPaymentLink.js';
import { serializePaymentLink } from './paymentLinkRow.js';

/**
 * POST /api/v1/payment-links/{id}/deactivate: the link stops creating payments (under its row lock,
 * so no payment is created from it after this commits). An inactive link is returned unchanged.
 */
export async function deactivatePaymentLink(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  tx?: EntityManager,
): Promise<PaymentLink> {
  return inTransaction(gateway.orm, tx, async (em) => {
    const row = await findPaymentLinkRow(em, gateway.clock.now(), scope, id, true);
    if (!row) throw paymentLinkNotFound(id);
    if (row.deactivated_at === null) {
      row.deactivated_at = gateway.clock.now();
      await em
        .getConnection()
        .execute(
          'update payment_links set deactivated_at = ? where id = ?',
          [row.deactivated_at, id],
          'run',
          em.getTransactionContext(),
        );
    }
    return serializePaymentLink(gateway.config, row);
  });
}
